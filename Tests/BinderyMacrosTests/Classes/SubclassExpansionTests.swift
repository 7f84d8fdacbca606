public import Bindery
import Foundation
import MacroTesting
import Testing

// A class that may be subclassed, and a subclass that chains to its mapping.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel
open class Resource {
  var id: Int
}

@JSONModel(inheriting: Resource.self)
final class Comment: Resource {
  var body: String
}

@Suite(.macros(binderyMacros))
struct SubclassExpansionTests {
  @Test func openClassAndSubclass() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      open class Resource {
          var id: Int

          open class var jsonDescription: any Bindery.JSONModelDescribing { Resource.__macro_local_15jsonDescriptionfMu_ }

          private static let __macro_local_15jsonDescriptionfMu_: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Resource>([
              .member(\.id, "id"),
          ])

          public required init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Resource.__macro_local_8jsonKeysfMu_)
              let id = try json._collect(try json.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.id = try json._value(id)
          }

          open func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("id") { try json._encode(self.id, plainKey: "id") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["id"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

          public required convenience init(json: Bindery.JSONValueDecoder) throws {
              let object = try json.object()
              try self.init(json: object)
              try object.validate(self)
          }

          public required convenience init(from decoder: any Swift.Decoder) throws {
              let source = try Bindery._JSONModelCoding.objectSource(from: decoder, describedBy: Self.jsonDescription)
              try self.init(json: source.object)
              try Bindery._JSONModelCoding.validate(self, in: source.object)
              withExtendedLifetime(source) {}
          }

          open func encode(to encoder: any Swift.Encoder) throws {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
          }
      }
      final class Comment: Resource {
          var body: String

          override class var jsonDescription: any Bindery.JSONModelDescribing { Comment.__macro_local_15jsonDescriptionfMu0_ }

          private static let __macro_local_15jsonDescriptionfMu0_: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Comment>([
              .member(\.body, "body"),
          ], inheriting: Resource.jsonDescription)

          required init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Comment.__macro_local_8jsonKeysfMu0_)
              let body = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode((String).self, forKey: Self.__macro_local_7jsonKeyfMu0_))
              if body == nil { _ = try? Resource(json: json) }
              self.body = try __macro_local_4jsonfMu_._value(body)
              try super.init(json: json)
          }

          override func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              try super.encode(to: &json)
              if json.includes("body") { try json._encode(self.body, plainKey: "body") }
          }

          private static let __macro_local_8jsonKeysfMu0_ = Bindery._JSONModelKeys([["body"]])
          private static let __macro_local_7jsonKeyfMu0_ = __macro_local_8jsonKeysfMu0_[0]

          required convenience init(json: Bindery.JSONValueDecoder) throws {
              let object = try json.object()
              try self.init(json: object)
              try object.validate(self)
          }

          required convenience init(from decoder: any Swift.Decoder) throws {
              let source = try Bindery._JSONModelCoding.objectSource(from: decoder, describedBy: Self.jsonDescription)
              try self.init(json: source.object)
              try Bindery._JSONModelCoding.validate(self, in: source.object)
              withExtendedLifetime(source) {}
          }

          override func encode(to encoder: any Swift.Encoder) throws {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
          }
      }

      extension Resource: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {

      }
      """#
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theSubclassReadsAndWritesItsSuperclassesProperties() throws {
    let comment = try Comment(json: #"{"id": 7, "body": "Nice"}"#)
    #expect(comment.id == 7)
    #expect(comment.body == "Nice")
    #expect(try JSONValue(parsing: try comment.jsonBytes()) == ["id": 7, "body": "Nice"])
    let resource: Resource = comment
    #expect(try JSONValue(parsing: try resource.jsonBytes())["body"] == "Nice")
  }

  static let source = """
    @JSONModel
    open class Resource {
        var id: Int
    }

    @JSONModel(inheriting: Resource.self)
    final class Comment: Resource {
        var body: String
    }
    """
}
