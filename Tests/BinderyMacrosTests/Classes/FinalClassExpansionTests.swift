import Bindery
import Foundation
import MacroTesting
import Testing

// A final class that lists `Codable` itself: the mapping replaces what the compiler would write.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel
final class Album: Codable {
  var title: String
}

@Suite(.macros(binderyMacros))
struct FinalClassExpansionTests {
  @Test func finalClass() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      final class Album: Codable {
          var title: String

          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Album.__macro_local_8jsonKeysfMu_)
              let __macro_local_5titlefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode((String).self, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.title = try __macro_local_4jsonfMu_._value(__macro_local_5titlefMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("title") {
                  try json._encode(self.title, plainKey: "title")
              }
          }

          func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.title, forKey: "title") {
                  __macro_local_7changedfMu_.insert(\Album.title)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Album.title {
                  return "title"
              }
              return nil
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["title"]], schema._member((String).self, key: "title"), required: true)
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["title"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["title"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case title
          }

          required convenience init(from decoder: any Swift.Decoder) throws {
              if let __macro_local_6sourcefMu_ = try Bindery._JSONModelCoding.binderySource(from: decoder) {
                  try self.init(json: __macro_local_6sourcefMu_.object)
                  try Bindery._JSONModelCoding.validate(self, in: __macro_local_6sourcefMu_.object)
                  withExtendedLifetime(__macro_local_6sourcefMu_) {
                  }
              } else {
                  try self.init(_jsonContainer: decoder.container(keyedBy: _JSONCodingKeys.self))
                  try Bindery._JSONModelCoding.validate(self, from: decoder)
              }
          }

          private init(_jsonContainer __macro_local_9containerfMu_: Swift.KeyedDecodingContainer<_JSONCodingKeys>) throws {
              self.title = try Bindery._JSONModelCoding.decode((String).self, from: __macro_local_9containerfMu_, forKey: .title)
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.title, to: &__macro_local_9containerfMu0_, forKey: .title)
          }
      }

      extension Album: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {

      }
      """#
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theClassReadsThroughItsMappingAndThroughCodable() throws {
    let album = try Album(json: #"{"title": "Kyoto"}"#)
    #expect(album.title == "Kyoto")
    let viaFoundation = try JSONDecoder().decode(Album.self, from: Data(#"{"title": "Nara"}"#.utf8))
    #expect(viaFoundation.title == "Nara")
    #expect(
      String(decoding: try JSONEncoder().encode(album), as: UTF8.self) == #"{"title":"Kyoto"}"#)
  }

  static let source = """
    @JSONModel
    final class Album: Codable {
        var title: String
    }
    """
}
