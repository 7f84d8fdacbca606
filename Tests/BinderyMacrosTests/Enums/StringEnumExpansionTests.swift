import Bindery
import Foundation
import MacroTesting
import Testing

// Enums read from JSON strings: cases by name (or `@Key`), a fallback that keeps unknown
// strings, and raw values.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel
enum Kind {
  case photo
  @Key("video_clip") case video
  case other(String)
}

@JSONModel
enum Visibility: String {
  case everyone, friends
}

extension Kind: Equatable {}

@Suite(.macros(binderyMacros))
struct StringEnumExpansionTests {
  @Test func stringEnumWithFallbackAndRawValueEnum() {
    assertMacro {
      Self.source
    } expansion: {
      """
      enum Kind {
          case photo
          case video
          case other(String)
      }
      enum Visibility: String {
          case everyone, friends
      }

      extension Kind: Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONValueDecoder) throws {
              let raw = try json.string()
              switch raw {
              case "photo": self = .photo
              case "video_clip": self = .video
              default: self = .other(raw)
              }
          }

          func encode(to json: Bindery.JSONValueEncoder) throws {
              switch self {
              case .photo: try json.string("photo")
              case .video: try json.string("video_clip")
              case .other(let raw): try json.string(raw)
              }
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              Bindery.JSONSchemaBuilder._values([Self.photo, Self.video] as [any Bindery.JSONEncodable], keepsOthers: true)
          }

          init(from decoder: any Swift.Decoder) throws {
              if let __value = try Bindery._JSONModelCoding.binderyValue(Self.self, from: decoder) {
                  self = __value
                  return
              }
              let raw = try decoder.singleValueContainer().decode(Swift.String.self)
              switch raw {
              case "photo": self = .photo
              case "video_clip": self = .video
              default: self = .other(raw)
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var container = encoder.singleValueContainer()
              switch self {
              case .photo: try container.encode("photo")
              case .video: try container.encode("video_clip")
              case .other(let raw): try container.encode(raw)
              }
          }
      }

      extension Visibility: Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              Bindery.JSONSchemaBuilder._values([Self.everyone, Self.friends] as [any Bindery.JSONEncodable], keepsOthers: false)
          }
      }
      """
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func casesReadTheirStringsAndUnknownOnesAreKept() throws {
    #expect(
      try [Kind](json: #"["photo", "video_clip", "panorama"]"#) == [
        .photo, .video, .other("panorama"),
      ])
    #expect(
      try [Kind.photo, .video, .other("panorama")].jsonString()
        == #"["photo","video_clip","panorama"]"#)
    #expect(try Visibility(json: #""friends""#) == .friends)
    #expect(throws: JSONDecodingError.self) { try Visibility(json: #""nobody""#) }
  }

  static let source = """
    @JSONModel
    enum Kind {
        case photo
        @Key("video_clip") case video
        case other(String)
    }

    @JSONModel
    enum Visibility: String {
        case everyone, friends
    }
    """
}
