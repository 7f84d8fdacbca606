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

          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Album>([
              .member(\.title, "title"),
          ])

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Album.__macro_local_8jsonKeysfMu_)
              let title = try json._collect(try json.decode((String).self, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.title = try json._value(title)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("title") { try json._encode(self.title, plainKey: "title") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["title"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

          required convenience init(from decoder: any Swift.Decoder) throws {
              let source = try Bindery._JSONModelCoding.objectSource(from: decoder, describedBy: Self.jsonDescription)
              try self.init(json: source.object)
              try Bindery._JSONModelCoding.validate(self, in: source.object)
              withExtendedLifetime(source) {}
          }

          func encode(to encoder: any Swift.Encoder) throws {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
          }
      }

      extension Album: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {

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
