import Bindery
import BinderyTestSupport
import Foundation
import Testing

@JSONModel
enum SchemaKind: Equatable {
  case photo
  @Key("video_clip") case video
  case other(String)
}

@JSONModel(keyStrategy: .snakeCase)
struct SchemaPhoto: Equatable {
  var title: String
  @Key("media.m") var url: URL
  @Key("published") var date: Date
  @Transform(.separated(by: " ")) var tags: [String]
  var author: String?
  @Default(0) var viewCount: Int
  var rating: UInt8
  @Transform(.unixSeconds) var takenAt: Date?
  @Transform(.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")) var postedAt: Date
  @Key("average", "mean") var average: Double
  var kind: SchemaKind
  var visibility: Visibility
  @Ignore var isFavorite = false
}

/// A Codable type that is not a model: it describes no schema.
struct PlainPoint: Codable, Equatable, JSONDecodable, JSONEncodable {
  var x: Int
  init(json: JSONValueDecoder) throws { x = try json.integer(Int.self) }
  func encode(to json: JSONValueEncoder) throws { try json.integer(x) }
  init(x: Int) { self.x = x }
}

@JSONModel
struct SchemaHolder: Equatable {
  var name: String
  var point: PlainPoint
}

/// The member at a path of keys and indices in a JSON value.
func member(_ value: JSONValue, _ path: String...) -> JSONValue? {
  var current: JSONValue? = value
  for step in path {
    if let index = Int(step) { current = current?[index] } else { current = current?[step] }
  }
  return current
}

@Suite("JSON Schema of models")
struct SchemaTests {
  let photo = """
    {"title": "Saturn", "media": {"m": "https://live.staticflickr.com/s.jpg"},
     "published": "2016-01-22T10:22:48Z", "tags": "space planets", "view_count": 3,
     "rating": 200, "taken_at": 1453458168, "posted_at": "Fri Jan 22 10:22:48 +0000 2016",
     "mean": 4.5, "kind": "video_clip", "visibility": "friends"}
    """

  @Test func aModelsSchemaFollowsItsMapping() throws {
    let schema = SchemaPhoto.jsonSchema
    #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
    #expect(schema["$ref"] == "#/$defs/SchemaPhoto")
    let model = try #require(member(schema, "$defs", "SchemaPhoto"))
    #expect(model["type"] == "object")
    #expect(
      model["required"]
        == ["title", "media", "published", "tags", "rating", "posted_at", "kind", "visibility"])
    let properties = try #require(model["properties"])
    #expect(
      member(properties, "media") == [
        "type": "object", "properties": ["m": ["type": "string", "format": "uri-reference"]],
        "required": ["m"],
      ])
    #expect(properties["published"] == ["type": "string", "format": "date-time"])
    #expect(properties["tags"] == ["type": "string"])
    #expect(properties["author"] == ["type": ["string", "null"]])
    #expect(
      properties["view_count"] == [
        "type": "integer", "minimum": .number(JSONNumber(Int.min)),
        "maximum": .number(JSONNumber(Int.max)), "default": 0,
      ])
    #expect(properties["rating"] == ["type": "integer", "minimum": 0, "maximum": 255])
    #expect(properties["taken_at"] == ["type": ["number", "null"]])
    #expect(member(properties, "posted_at", "pattern")?.stringValue?.hasPrefix("^[A-Za-z]{3} ") == true)
    #expect(properties["average"] == ["type": "number"])
    #expect(properties["mean"] == ["type": "number"])
    #expect(member(model, "allOf", "0") == ["anyOf": [["required": ["average"]], ["required": ["mean"]]]])
    #expect(properties["is_favorite"] == nil)
    #expect(properties["kind"] == ["$ref": "#/$defs/SchemaKind"])
    #expect(
      member(schema, "$defs", "SchemaKind")
        == ["anyOf": [["enum": ["photo", "video_clip"]], ["type": "string"]]])
    #expect(member(schema, "$defs", "Visibility") == ["enum": ["public", "friends", "private"]])
    let decoded = try SchemaPhoto(json: photo)
    #expect(decoded.average == 4.5 && decoded.viewCount == 3)
  }

  @Test func unionsFlatteningUnknownKeysAndRecursion() throws {
    let tagged = try #require(member(MediaItem.jsonSchema, "$defs", "MediaItem"))
    #expect(tagged["discriminator"] == ["propertyName": "type"])
    #expect(tagged["oneOf"]?.arrayValue?.count == 3)
    #expect(member(tagged, "oneOf", "0", "allOf", "1") == ["$ref": "#/$defs/ImageItem"])

    let adjacent = try #require(member(Setting.jsonSchema, "$defs", "Setting"))
    #expect(adjacent["required"] == ["kind", "value"])
    #expect(member(adjacent, "properties", "kind") == ["enum": ["flag", "count", "shape", "names"]])
    #expect(member(adjacent, "allOf", "0", "oneOf")?.arrayValue?.count == 4)

    let untagged = try #require(member(IntOrText.jsonSchema, "$defs", "IntOrText"))
    #expect(member(untagged, "anyOf", "1") == ["type": "string"])

    let event = try #require(member(GitHubEvent.jsonSchema, "$defs", "GitHubEvent"))
    #expect(member(event, "properties", "type") == ["type": "string"])
    #expect(member(event, "properties", "payload") == true)
    // Six named payloads and one branch for every other type.
    #expect(member(event, "allOf", "0", "oneOf")?.arrayValue?.count == 7)

    let flat = try #require(member(FlatDocument.jsonSchema, "$defs", "FlatDocument"))
    #expect(flat["additionalProperties"] == true)
    #expect(member(flat, "allOf", "0") == ["$ref": "#/$defs/FlatAudit"])

    let thread = try #require(member(ThreadComment.jsonSchema, "$defs", "ThreadComment"))
    #expect(
      member(thread, "properties", "replies")
        == ["type": "array", "items": ["$ref": "#/$defs/ThreadComment"]])
    let quoted = QuotedStatus.jsonSchema
    #expect(
      member(quoted, "$defs", "QuotedStatus", "properties", "quoted")
        == ["anyOf": [["$ref": "#/$defs/QuotedStatus"], ["type": "null"]]])
  }

  @Test func subclassesAndRunTimeKeyStrategies() throws {
    let comment = try #require(member(Comment.jsonSchema, "$defs", "Comment"))
    // The superclass's members, then the subclass's own.
    #expect(member(comment, "allOf", "0", "required") == ["id", "createdAt"])
    #expect(member(comment, "allOf", "1", "required") == ["body", "author"])
    #expect(
      member(comment, "allOf", "1", "properties", "author", "properties", "name")
        == ["type": "string"])
    let shouting = try #require(member(ShoutingModel.jsonSchema, "$defs", "ShoutingModel"))
    #expect(shouting["required"] == ["FIRSTNAME", "id"])
  }

  @Test func typesWithoutASchemaSaySo() throws {
    #expect {
      _ = try JSONSchemaBuilder.schema(for: PlainPoint.self)
    } throws: { error in
      (error as? JSONSchemaError)?.missing
        == ["#: PlainPoint is not a @JSONModel type and describes no JSON Schema"]
    }
    #expect {
      _ = try JSONSchemaBuilder.schema(for: SchemaHolder.self)
    } throws: { error in
      (error as? JSONSchemaError)?.missing
        == [
          "#/$defs/SchemaHolder/properties/point: PlainPoint is not a @JSONModel type and describes no JSON Schema"
        ]
    }
    // The model's own schema still describes what it can, and says what it cannot.
    #expect(
      member(SchemaHolder.jsonSchema, "$defs", "SchemaHolder", "properties", "point")
        == ["$comment": "PlainPoint is not a @JSONModel type and describes no JSON Schema"])
    #expect(try JSONSchemaBuilder.schema(for: [Int].self)["type"] == "array")
  }

  /// Instances the models read and instances they reject, checked against each model's schema
  /// by the library's validator, and recorded for Scripts/check-schemas.py.
  @Test func recordsInstancesForTheIndependentValidator() throws {
    func record<Model: JSONDecodable>(
      _ type: Model.Type, _ name: String, valid: [JSONValue], invalid: [JSONValue]
    ) throws {
      for value in valid { _ = try Model(json: try value.jsonBytes()) }
      for value in invalid {
        #expect(throws: JSONDecodingError.self, "\(name): \(value)") {
          _ = try Model(json: try value.jsonBytes())
        }
      }
      let schema = try JSONSchemaBuilder.schema(for: Model.self)
      try SchemaOracle.record(name, schema: schema, valid: valid, invalid: invalid)
      // The library's own validator agrees: the schema accepts what the model reads and
      // rejects what it rejects.
      let validator = try JSONSchemaValidator(schema: schema, assertsFormats: true)
      for value in valid {
        let failures = validator.validate(value)
        #expect(failures.isEmpty, "\(name): \(value): \(failures)")
      }
      for value in invalid { #expect(!validator.isValid(value), "\(name): \(value)") }
    }
    let photo = try JSONValue(parsing: self.photo)
    func changing(_ value: JSONValue, _ key: String, to new: JSONValue?) -> JSONValue {
      guard case .object(var object) = value else { return value }
      object[key] = new
      return .object(object)
    }
    try record(
      SchemaPhoto.self, "SchemaPhoto",
      valid: [photo, changing(changing(photo, "view_count", to: nil), "author", to: "ana")],
      invalid: [
        changing(photo, "rating", to: 256), changing(photo, "posted_at", to: "yesterday"),
        changing(photo, "mean", to: nil), changing(photo, "media", to: ["n": "x"]),
        changing(photo, "title", to: nil), changing(photo, "taken_at", to: "soon"),
      ])
    let events = try JSONValue(parsing: try Fixtures.bytes("github-events.json"))
    var push = try #require(events.arrayValue?.first { $0["type"] == "PushEvent" })
    push = changing(push, "payload", to: ["commits": "none"])
    try record(
      GitHubEvent.self, "GitHubEvent", valid: events.arrayValue ?? [],
      invalid: [push, changing(events[0]!, "type", to: nil), changing(events[0]!, "id", to: 7)])
    try record(
      Setting.self, "Setting",
      valid: [
        ["kind": "flag", "value": true], ["kind": "shape", "value": ["radius": 2.5]],
        ["kind": "names", "value": ["a", "b"]],
      ],
      invalid: [
        ["kind": "flag", "value": 1], ["kind": "size", "value": 1], ["kind": "count"],
      ])
    try record(IntOrText.self, "IntOrText", valid: [3, "three"], invalid: [true, 3.5, nil])
    try record(
      Comment.self, "Comment",
      valid: [["id": 1, "createdAt": "2016-01-22T10:22:48Z", "body": "b", "author": ["name": "a"]]],
      invalid: [
        ["id": 1, "createdAt": "2016-01-22T10:22:48Z", "body": "b"],
        ["id": "1", "createdAt": "2016-01-22T10:22:48Z", "body": "b", "author": ["name": "a"]],
      ])
    try record(
      FlatDocument.self, "FlatDocument",
      valid: [["id": 1, "title": "t", "created_at": "2016-01-22T10:22:48Z", "extra": [1]]],
      invalid: [["id": 1, "title": "t"], ["id": 1, "title": "t", "created_at": 5]])
    try record(
      Expression.self, "Expression",
      valid: [
        [
          "op": "add", "left": ["op": "number", "value": 1],
          "right": ["op": "add", "left": ["op": "number", "value": 2], "right": ["op": "number", "value": 3]],
        ]
      ],
      invalid: [["op": "add", "left": ["op": "number", "value": 1]], ["op": "times"]])
  }
}
