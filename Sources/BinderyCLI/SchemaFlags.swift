import Bindery
import CommandArguments
import Foundation

/// `--schema` and its companions: a JSON Schema every document must match.
struct SchemaFlags {
  static let options: [CommandSpec.Option] = [
    .option("schema", value: "file", help: "Check each document against this JSON Schema too."),
    .option(
      "schema-map", value: "prefix=folder",
      help: "Find referenced schemas whose URI starts with prefix in folder (repeatable)."),
    .option(
      "draft", value: "draft", default: "2020-12",
      help: "The draft of a schema that names none: 4, 6, 7, 2019-09 or 2020-12."),
    .flag("assert-formats", help: "Fail strings that do not have their schema's format."),
  ]

  var schema: String?
  var maps: [(prefix: String, folder: String)]
  var draft: JSONSchemaDraft
  var assertsFormats: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    schema = arguments.value("schema")
    maps = []
    for map in arguments.values("schema-map") {
      guard let equals = map.firstIndex(of: "="), equals != map.startIndex,
        map.index(after: equals) != map.endIndex
      else { throw UsageError("--schema-map takes prefix=folder, not '\(map)'") }
      maps.append((String(map[..<equals]), String(map[map.index(after: equals)...])))
    }
    let name = arguments.value("draft") ?? "2020-12"
    guard let draft = JSONSchemaDraft(name: name) else {
      throw UsageError("--draft must be 4, 6, 7, 2019-09 or 2020-12, not '\(name)'")
    }
    self.draft = draft
    assertsFormats = arguments.flag("assert-formats")
    if schema == nil, !maps.isEmpty || arguments.value("draft") != nil || assertsFormats {
      throw UsageError("--schema-map, --draft and --assert-formats go with --schema")
    }
  }

  /// The schema compiled, or nil without `--schema`; prints what is wrong with a schema that
  /// cannot be compiled and exits with status 2.
  func validator(reading: JSONReadingOptions) throws -> JSONSchemaValidator? {
    guard let schema else { return nil }
    let input = Input(path: schema)
    let document: JSONDocument
    do {
      document = try input.document(options: reading)
    } catch {
      throw Status.usageOrIO
    }
    let uri =
      schema == "-"
      ? JSONSchemaValidator.defaultURI
      : URL(fileURLWithPath: schema).standardizedFileURL.absoluteString
    do {
      return try JSONSchemaValidator(
        schema: document.root.value(), uri: uri, draft: draft,
        loader: JSONSchemaValidator.fileLoader(
          mapping: Dictionary(maps, uniquingKeysWith: { _, last in last }), options: reading),
        assertsFormats: assertsFormats)
    } catch {
      var place = error.schemaLocation
      if error.resource == uri {
        let location = try? document.root.cursor(at: JSONPath(pointer: error.pointer)).location
        place = "\(input.displayName):\(location?.line ?? 1):\(location?.column ?? 1)"
      }
      Terminal.error("\(place): error: invalid schema: \(error.message)")
      throw Status.usageOrIO
    }
  }
}

extension ValidateCommand {
  /// Prints each way `document` breaks the schema, `FILE:LINE:COLUMN: error: ...`; returns
  /// whether there was one.
  static func report(
    _ document: JSONDocument, against validator: JSONSchemaValidator, name: String
  ) -> Bool {
    let failures = validator.validate(document)
    for failure in failures {
      let line = failure.location?.line ?? 1
      let column = failure.location?.column ?? 1
      Terminal.error(
        "\(name):\(line):\(column): error: \(failure.instancePath.placeDescription): "
          + "\(failure.message) (schema \(failure.keywordLocation.isEmpty ? "/" : failure.keywordLocation))"
      )
    }
    return !failures.isEmpty
  }
}
