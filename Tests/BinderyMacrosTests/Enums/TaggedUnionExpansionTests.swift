import Bindery
import Foundation
import MacroTesting
import Testing

// A union whose case a `type` tag in the object picks, with a case that keeps unknown objects.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel(tag: "type")
enum Item {
  case photo(Photo)
  case video(Video)
  case unknown(JSONValue)
}

@JSONModel
struct Video {
  var length: Int
}

@Suite(.macros(binderyMacros))
struct TaggedUnionExpansionTests {
  @Test func taggedUnion() {
    assertMacro {
      Self.source
    } expansion: {
      """
      enum Item {
          case photo(Photo)
          case video(Video)
          case unknown(JSONValue)
      }

      extension Item: Bindery.JSONModel, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let tag = try json.decode(Swift.String.self, forKey: "type")
              switch tag {
              case "photo":
                  self = .photo(try .init(json: json))
                  if case .photo(let value) = self { try json.validate(value) }
              case "video":
                  self = .video(try .init(json: json))
                  if case .video(let value) = self { try json.validate(value) }
              default:
                  json._keptUnknownTag(forKey: "type", of: Self.self, expected: #"one of "photo", "video""#)
                  self = .unknown(json.jsonValue())
              }
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              switch self {
              case .photo(let value):
                  try json.encodeTag("photo", forKey: "type")
                  try value.encode(to: &json)
              case .video(let value):
                  try json.encodeTag("video", forKey: "type")
                  try value.encode(to: &json)
              case .unknown(let value): try json.encodeMembers(of: value)
              }
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              Bindery.JSONSchemaBuilder._internallyTagged(tag: "type", cases: [(tag: "photo", content: schema.schema(for: Bindery.JSONSchemaBuilder._payload(Self.photo))), (tag: "video", content: schema.schema(for: Bindery.JSONSchemaBuilder._payload(Self.video)))], keepsUnknown: true)
          }

          init(from decoder: any Swift.Decoder) throws {
              if let __value = try Bindery._JSONModelCoding.binderyValue(Self.self, from: decoder) {
                  self = __value
                  return
              }
              let container = try decoder.container(keyedBy: Bindery._JSONCodingKey.self)
              let tag = try container.decode(Swift.String.self, forKey: "type")
              switch tag {
              case "photo": self = .photo(try .init(from: decoder))
              case "video": self = .video(try .init(from: decoder))
              default: self = .unknown(try Bindery.JSONValue(from: decoder))
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              switch self {
              case .photo(let value):
                  var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)
                  try container.encode("photo", forKey: "type")
                  try value.encode(to: encoder)
              case .video(let value):
                  var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)
                  try container.encode("video", forKey: "type")
                  try value.encode(to: encoder)
              case .unknown(let value): try value.encode(to: encoder)
              }
          }
      }
      """
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theTagPicksTheCaseAndUnknownObjectsRoundTrip() throws {
    let json = #"""
      [{"type": "photo", "title": "Sunset", "media": {"m": "https://e.com/a.jpg"},
        "published": "2016-01-22T10:22:48Z", "tags": "sky"},
       {"type": "video", "length": 12},
       {"type": "gif", "frames": [1, 2]}]
      """#
    let items = try [Item](json: json)
    #expect(items.count == 3)
    guard case .photo(let photo) = items[0], case .video(let video) = items[1],
      case .unknown(let unknown) = items[2]
    else {
      Issue.record("wrong cases: \(items)")
      return
    }
    #expect(photo.title == "Sunset")
    #expect(video.length == 12)
    #expect(unknown == ["type": "gif", "frames": [1, 2]])
    let written = try JSONValue(parsing: try items.jsonBytes())
    #expect(written[1] == ["type": "video", "length": 12])
    #expect(written[2] == ["type": "gif", "frames": [1, 2]])
  }

  static let source = """
    @JSONModel(tag: "type")
    enum Item {
        case photo(Photo)
        case video(Video)
        case unknown(JSONValue)
    }
    """
}
