import BinderyJSON

/// Generates the JSON mapping of a struct, class or enum: `init(json:)`, `encode(to:)`,
/// `update(from:)`, key-path names for export filters, and `Codable` with the same mapping.
///
/// JSON in:
///
/// ```json
/// {"title": "Saturn", "media": {"m": "https://live.staticflickr.com/s.jpg"},
///  "published": "2016-01-22T10:22:48Z", "tags": "space planets", "views": 3}
/// ```
///
/// Swift:
///
/// ```swift
/// @JSONModel
/// struct Photo {
///     var title: String
///     @Key("media.m") var url: URL                 // nested path, both directions
///     @Key("published") var date: Date             // RFC 3339 by default
///     @Transform(.separated(by: " ")) var tags: [String]
///     var author: String?                          // missing or null → nil
///     @Default(0) var views: Int                   // missing → 0
///     @Ignore var isFavorite = false               // never read or written
/// }
///
/// let photo = try Photo(json: data)
/// let body = try photo.jsonData(options: .init(properties: try .excluding([\Photo.views])))
/// ```
///
/// Generated shape, for each stored property in declaration order: a decode that records its
/// problem and carries on (so one decode reports every problem), then the assignments; an encode
/// that writes siblings of nested paths into one object; a PATCH `update(from:)` returning the
/// key paths that changed.
///
/// On an enum: without `tag`, cases are JSON strings (a case with one `String` value keeps
/// unknown strings); with `tag: "type"`, each case carries a model chosen by the tag's value, and
/// a case carrying a `JSONValue` keeps unknown objects unchanged. With `tag:` and `content:`, the
/// tag and the case's value sit side by side (`{"type": "push", "payload": {...}}`), the value
/// may be of any type, and a case carrying a `String` and a `JSONValue` keeps unknown tags with
/// their content; such an enum is a ``JSONTaggedUnion``, which a property marked
/// ``TaggedBy(_:)`` reads with its tag in the enclosing object. With `untagged: true`, each
/// case carries one value and the first case that reads the value is taken. A raw-value enum
/// uses its raw values.
///
/// Edge cases: `let` properties with an initial value are written but not read (as in Codable);
/// a non-final class gets `required` and overridable members; a subclass uses
/// ``JSONModel(inheriting:keyStrategy:coercesValues:dates:nulls:)``. Misuse is a compile-time error on the property, with a fix-it
/// where the fix is clear.
///
/// - Parameters:
///   - keyStrategy: How property names become keys; `.snakeCase`, `.kebabCase`, `.pascalCase`
///     or `.custom { ... }`.
///   - coercesValues: Convert values of another JSON type where the meaning is clear
///     (`"3"` → 3) for every property of this model, recording each conversion as a warning.
///   - dates: The format of this model's `Date` properties without a transformer.
///   - nulls: Whether `nil` optionals are written as `null` (`.write`) or left out (`.omit`).
///   - tag: For an enum of models, the key whose value picks the case.
///   - content: For an enum with `tag`, the key beside the tag that holds the case's value.
///   - untagged: For an enum whose cases each carry one value: try the cases in order.
@attached(
  member,
  names: named(jsonDescription), named(init(json:)), named(encode(to:)), named(init(from:))
)
@attached(
  extension,
  conformances: JSONModel, JSONDescribedModel, JSONUpdatable, _JSONValueModel,
  JSONSchemaProviding, Codable,
  names: named(jsonDescription), named(init(from:)), named(encode(to:)), named(init(json:)),
  named(_jsonTags), named(_jsonKeepsUnknownTags), named(init(tag:content:)), named(jsonTag),
  named(encodeContent(to:)), named(_jsonSchema(in:)), named(_jsonSchemaCases(in:)),
  named(_fromOnePass(_:)), named(init(_jsonOnePassMembers:)), named(_decodesInOnePass),
  named(_writeDirectly(to:)), named(_encodesDirectly)
)
public macro JSONModel(
  keyStrategy: JSONKeyStrategy = .useDefaultKeys, coercesValues: Bool = false,
  dates: JSONDateFormat = .iso8601, nulls: JSONNullEncoding = .omit, tag: String = "",
  content: String = "", untagged: Bool = false
) = #externalMacro(module: "BinderyMacros", type: "JSONModelMacro")

/// Generates the JSON mapping of a subclass of a `@JSONModel` class: the same members as
/// ``JSONModel(keyStrategy:coercesValues:dates:nulls:tag:content:untagged:)``, overriding the superclass's and
/// chaining to them, so a subclass reads and writes its superclass's properties too.
///
/// ```swift
/// @JSONModel
/// class Resource { var id: Int; ... }
///
/// @JSONModel(inheriting: Resource.self)
/// class Comment: Resource {
///     var body: String
///     @Key("author.name") var author: String
/// }
/// ```
///
/// The superclass provides the conformances (`JSONModel`, `JSONUpdatable`, `Codable`), so this
/// form adds members only.
///
/// - Parameters:
///   - superclass: The superclass, itself a `@JSONModel` class.
///   - keyStrategy: How property names become keys.
///   - coercesValues: Convert values of another JSON type where the meaning is clear.
///   - dates: The format of this class's `Date` properties without a transformer.
///   - nulls: Whether `nil` optionals are written as `null` or left out.
@attached(
  member,
  names: named(jsonDescription), named(init(json:)), named(encode(to:)), named(init(from:))
)
public macro JSONModel<Superclass: JSONModel & JSONUpdatable>(
  inheriting superclass: Superclass.Type, keyStrategy: JSONKeyStrategy = .useDefaultKeys,
  coercesValues: Bool = false, dates: JSONDateFormat = .iso8601, nulls: JSONNullEncoding = .omit
) = #externalMacro(module: "BinderyMacros", type: "JSONModelMacro")
