public import BinderyJSON

/// A JSON Schema compiled once and checked against many documents, each failure named with the
/// value's path and, for text, its line and column.
///
/// ```swift
/// let schema = try JSONValue(parsing: #"{"type": "object", "required": ["id"]}"#)
/// let validator = try JSONSchemaValidator(schema: schema)
/// for failure in try validator.validate(Array(#"{"name": "x"}"#.utf8)) {
///     print(failure)  // top level (line 1, column 1): the member 'id' is missing [/required]
/// }
/// ```
///
/// Drafts 4, 6, 7, 2019-09 and 2020-12 are followed, chosen by each schema resource's
/// `$schema` or by the default the caller gives. Referenced schemas are found among the
/// resources given at compilation (by the URI each is given under, and by their own `$id`s),
/// the standard metaschemas, which are built in, and what the caller's loader returns; nothing
/// is fetched from the network. Numbers compare and divide as exact decimals; strings are
/// measured and compared by Unicode scalars; `pattern` is ECMA-262 with the `u` flag, matched
/// in bounded time (<doc:SchemaValidation> says what is accepted). `format` is an annotation
/// unless `assertsFormats` is set.
///
/// Text and a `JSONDocument` are checked in place, without building a `JSONValue`.
///
/// A validator is immutable once made and may be shared between threads.
public final class JSONSchemaValidator: Sendable {
  /// A schema, where it sits and how it is read.
  struct Node: Sendable {
    var value: JSONValue
    /// The URI of the resource the schema is in.
    var base: SchemaURI
    /// The schema's JSON Pointer within that resource.
    var pointer: String
    var draft: JSONSchemaDraft
    /// Whether `base` and `draft` already take the schema's own `$id` and `$schema` into
    /// account.
    var entered = false
  }

  /// A schema resource: a document, or a subschema with its own `$id`.
  struct Resource: Sendable {
    var node: Node
    /// The vocabularies its metaschema turns on, when the metaschema lists them.
    var vocabularies: Set<String>?
  }

  /// The schema compiled.
  let root: CompiledSchema
  /// Every schema compiled and every resource, held here: references between compiled
  /// schemas may form cycles, which `deinit` breaks.
  private let compiled: [CompiledSchema]
  private let compiledResources: [SchemaResource]
  /// Whether some schema reads annotations (`unevaluatedProperties`, `unevaluatedItems`).
  let readsAnnotations: Bool

  /// Compiles `schema`.
  ///
  /// - Parameters:
  ///   - schema: The schema.
  ///   - uri: The schema's URI, against which its relative references resolve (its own
  ///     `$id` takes precedence).
  ///   - draft: The draft of schemas that do not name theirs with `$schema`.
  ///   - resources: Other schemas the schema may reference, by the URI each is known by.
  ///   - loader: Asked for each document a reference names that `resources` does not hold,
  ///     by its URI; nil when there is none. Nothing is read from elsewhere.
  ///   - assertsFormats: Whether `format` fails strings that do not have the format.
  ///   - checksSchema: Whether the schema is first checked against its draft's metaschema.
  /// - Throws: ``InvalidJSONSchema`` for a reference that resolves nowhere or a pattern that
  ///   does not compile.
  public init(
    schema: JSONValue, uri: String = JSONSchemaValidator.defaultURI,
    draft: JSONSchemaDraft = .draft2020, resources: [String: JSONValue] = [:],
    loader: Loader? = nil, assertsFormats: Bool = false, checksSchema: Bool = true
  ) throws(InvalidJSONSchema) {
    var index = Self.standardIndex
    if Self.metaschemas.contains(where: { resources[$0.uri] != nil }) {
      index = SchemaIndex()
      for (name, document) in Self.metaschemas where resources[name] == nil {
        index.add(document, uri: SchemaURI(name).withoutFragment, draft: draft)
      }
    }
    for (name, document) in resources.sorted(by: { $0.key < $1.key }) {
      index.add(document, uri: SchemaURI(name).withoutFragment, draft: draft)
    }
    let base = SchemaURI(uri).withoutFragment
    index.add(schema, uri: base, draft: draft)
    try index.check(from: base, draft: draft, loader: loader)
    if checksSchema, let rootNode = index.resources[base]?.node,
      let metaschema = Self.metaschemaValidators[rootNode.draft]
    {
      let failures = metaschema.validate(schema)
      if let first = failures.first {
        let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
        throw InvalidJSONSchema(
          resource: base.description, pointer: first.instancePath.pointer,
          message: "not a valid \(rootNode.draft) schema: \(first.message)\(more)")
      }
    }
    // `add` put the schema there.
    let rootNode =
      index.resources[base]?.node ?? Node(value: schema, base: base, pointer: "", draft: draft)
    var compiler = SchemaCompiler(index: index, assertsFormats: assertsFormats)
    self.root = compiler.compileAll(rootNode)
    self.compiled = Array(compiler.compiled.values)
    self.compiledResources = Array(compiler.resources.values)
    self.readsAnnotations = compiler.readsAnnotations
  }

  deinit {
    // Break the cycles references make, so that the schemas are freed with the validator.
    for schema in compiled {
      schema.ref = nil
      schema.dynamicRef = nil
      schema.recursiveRef = nil
    }
    for resource in compiledResources { resource.dynamicAnchors = [:] }
  }

  /// The standard metaschemas, read once.
  static let metaschemas: [(uri: String, schema: JSONValue)] = metaschemaTexts.compactMap {
    entry in (try? JSONValue(parsing: entry.text)).map { (entry.uri, $0) }
  }

  /// The standard metaschemas indexed, once: where every validator's index starts.
  static let standardIndex: SchemaIndex = {
    var index = SchemaIndex()
    for (name, document) in metaschemas {
      index.add(document, uri: SchemaURI(name).withoutFragment, draft: .draft2020)
    }
    return index
  }()

  /// A validator for each draft's metaschema, made once.
  static let metaschemaValidators: [JSONSchemaDraft: JSONSchemaValidator] = {
    var validators: [JSONSchemaDraft: JSONSchemaValidator] = [:]
    for (uri, schema) in metaschemas {
      guard let draft = JSONSchemaDraft(metaschema: uri),
        let validator = try? JSONSchemaValidator(
          schema: schema, uri: uri, draft: draft, checksSchema: false)
      else { continue }
      validators[draft] = validator
    }
    return validators
  }()

  /// Finds the schema document at a URI (without fragment), or returns nil.
  public typealias Loader = (String) -> JSONValue?

  /// The URI of a schema given none, `bindery:/schema.json`: relative references resolve
  /// against it.
  public static let defaultURI = "bindery:/schema.json"

  /// Checks `instance` against the schema.
  ///
  /// - Parameter instance: The value.
  /// - Returns: Every failure, in the order the schema's keywords found them; empty when the
  ///   value is valid.
  public func validate(_ instance: JSONValue) -> [JSONSchemaFailure] {
    failures(of: instance)
  }

  /// Every failure of `instance`: a verdict first, without a report, and the report only for
  /// an invalid value. (A schema that reads annotations needs the full evaluation for its
  /// verdict too, so it goes straight to the report.)
  private func failures(of instance: some SchemaInstance) -> [JSONSchemaFailure] {
    if !readsAnnotations {
      var verdict = SchemaEvaluation(validator: self, reports: false)
      if verdict.evaluate(root, instance).isValid { return [] }
    }
    var evaluation = SchemaEvaluation(validator: self)
    return evaluation.evaluate(root, instance).failures
  }

  /// Checks the JSON text `bytes` against the schema; each failure names the line and column
  /// of the value it is about.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - options: How to read it.
  /// - Returns: Every failure; empty when the document is valid.
  /// - Throws: `JSONReadError` when the text is not JSON the options accept.
  public func validate(_ bytes: some Sequence<UInt8>, options: JSONReadingOptions = .strict)
    throws(JSONReadError) -> [JSONSchemaFailure]
  {
    try validate(JSONDocument(parsing: bytes, options: options))
  }

  /// Checks a document against the schema; each failure names the line and column of the
  /// value it is about.
  ///
  /// - Parameter document: The document.
  /// - Returns: Every failure; empty when the document is valid.
  public func validate(_ document: JSONDocument) -> [JSONSchemaFailure] {
    // Read in place on the document's tape: no tree of values is built.
    var failures = failures(of: TapeInstance(document))
    for index in failures.indices {
      failures[index].location = try? document.root.cursor(at: failures[index].instancePath)
        .location
    }
    return failures
  }

  /// Whether `instance` is valid.
  ///
  /// - Parameter instance: The value.
  /// - Returns: True when the schema accepts it.
  public func isValid(_ instance: JSONValue) -> Bool {
    var evaluation = SchemaEvaluation(validator: self, reports: false)
    return evaluation.evaluate(root, instance).isValid
  }
}

/// One way a value breaks its schema.
public struct JSONSchemaFailure: Sendable, Hashable, CustomStringConvertible {
  /// The value's path in the document.
  public var instancePath: JSONPath
  /// The keyword that failed, as a JSON Pointer through the schema as it was followed
  /// (`$ref`s included): the output formats' `keywordLocation`.
  public var keywordLocation: String
  /// The keyword's absolute location: its resource's URI and a JSON Pointer within it.
  public var absoluteKeywordLocation: String
  /// The keyword.
  public var keyword: String
  /// What is wrong.
  public var message: String
  /// Where the value is in the document's text, when the document was text.
  public var location: JSONSourceLocation?

  /// A subschema applied on the way to the failing keyword.
  struct Application: Sendable, Hashable {
    var keywordLocation: String
    var instanceLocation: String
  }

  /// The subschemas applied on the way to the keyword, outermost first: what the `detailed`
  /// output nests the failure under.
  var applications: [Application] = []

  /// `PATH (line L, column C): message [keyword location]`.
  public var description: String {
    let place = instancePath.placeDescription
    let position = location.map { " (\($0))" } ?? ""
    return "\(place)\(position): \(message) [\(keywordLocation)]"
  }
}

/// A schema that cannot be compiled: one its metaschema rejects, a reference that resolves
/// nowhere, a pattern that does not compile.
public struct InvalidJSONSchema: Error, Sendable, Hashable, CustomStringConvertible {
  /// The URI of the schema document that is wrong.
  public var resource: String
  /// Where in that document, as a JSON Pointer.
  public var pointer: String
  /// What is wrong.
  public var message: String

  /// The place as a URI: the document's and the pointer as its fragment.
  public var schemaLocation: String { resource + "#" + pointer }

  /// `URI#POINTER: message`.
  public var description: String { "\(schemaLocation): \(message)" }

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - resource: The URI of the schema document.
  ///   - pointer: Where in it.
  ///   - message: What is wrong.
  public init(resource: String, pointer: String, message: String) {
    self.resource = resource
    self.pointer = pointer
    self.message = message
  }

  /// A failure of `keyword` in the schema `node`.
  init(_ node: JSONSchemaValidator.Node, _ keyword: String, _ message: String) {
    self.init(
      resource: node.base.description, pointer: node.pointer + "/" + JSONPath.pointerToken(keyword),
      message: message)
  }
}
