import Bindery
import Foundation
import MacroTesting
import Testing

// Options of the model that every property follows: a key strategy, coercion, a date format
// and the null policy.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel(keyStrategy: .snakeCase, coercesValues: true, dates: .unixSeconds, nulls: .write)
struct Tag {
  @Key("id") var remoteId: Int
  var resourceUri: String?
  @Lossy var children: [Tag]
  @Coerce var count: Int
}

@Suite(.macros(binderyMacros))
struct ModelOptionsExpansionTests {
  @Test func modelOptionsScopeEveryProperty() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      struct Tag {
          var remoteId: Int
          var resourceUri: String?
          var children: [Tag]
          var count: Int
      }

      extension Tag: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.remoteId, "remoteId", paths: [["id"]], coerces: true),
              .member(\.resourceUri, "resourceUri", paths: [["resource_uri"]], coerces: true),
              .member(\.children, "children", coerces: true, lossy: true),
              .member(\.count, "count", coerces: true),
          ], coercing: true, dates: Self.__macro_local_10dateFormatfMu_, onePass: true, direct: true)

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json.coercing().dates(Self.__macro_local_10dateFormatfMu_)._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let remoteId = try json._collect(try json.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_.0))
              let resourceUri = try json._collect(try json.decode((String?).self, forKey: Self.__macro_local_7jsonKeyfMu_.1))
              let children = try json._collect(try json.lossy().decode(([Tag]).self, forKey: Self.__macro_local_7jsonKeyfMu_.2))
              let count = try json._collect(try json.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_.3))
              self.remoteId = try json._value(remoteId)
              self.resourceUri = try json._value(resourceUri)
              self.children = try json._value(children)
              self.count = try json._value(count)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              json.setDateFormat(Self.__macro_local_10dateFormatfMu_)
              if json.includes("remoteId") { try json._encode(self.remoteId, plainKey: "id") }
              if json.includes("resourceUri") { try json._encodeIfPresent(self.resourceUri, plainKey: "resource_uri", nulls: .write) }
              if json.includes("children") { try json._encode(self.children, plainKey: "children") }
              if json.includes("count") { try json._encode(self.count, plainKey: "count") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["id"], ["resource_uri"], ["children"], ["count"]])
          private static let __macro_local_7jsonKeyfMu_ = (__macro_local_8jsonKeysfMu_[0], __macro_local_8jsonKeysfMu_[1], __macro_local_8jsonKeysfMu_[2], __macro_local_8jsonKeysfMu_[3])

          static func _fromOnePass(_ reader: inout Bindery._JSONOnePassReader) -> Self? {
              Bindery._JSONOnePassReader.validated(Self(_jsonOnePassMembers: &reader))
          }

          private init?(_jsonOnePassMembers reader: inout Bindery._JSONOnePassReader) {
              var slot0: (Int)? = nil
              var slot1: (String?)? = nil
              var slot2: ([Tag])? = nil
              var slot3: (Int)? = nil
              let keys = Self.__macro_local_8jsonKeysfMu_
              guard var object = reader.beginObject() else { return nil }
              members: while true {
                  switch reader.member(of: keys, &object) {
                  case 0: guard reader.read(into: &slot0) else { return nil }
                  case 1: guard reader.read(into: &slot1) else { return nil }
                  case 2: guard reader.read(into: &slot2) else { return nil }
                  case 3: guard reader.read(into: &slot3) else { return nil }
                  case -1: break members
                  default: return nil
                  }
              }
              guard let remoteId = Bindery._JSONOnePassReader.value(slot0),
                  let resourceUri = Bindery._JSONOnePassReader.value(slot1),
                  let children = Bindery._JSONOnePassReader.value(slot2),
                  let count = Bindery._JSONOnePassReader.value(slot3)
              else { return nil }
              self.remoteId = remoteId
              self.resourceUri = resourceUri
              self.children = children
              self.count = count
          }

          static let _decodesInOnePass = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to writer: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard writer.beginObject(),
                  writer.member(#","id":"#, self.remoteId),
                  writer.memberIfPresent(#","resource_uri":"#, self.resourceUri, nulls: .write),
                  writer.member(#","children":"#, self.children),
                  writer.member(#","count":"#, self.count)
              else { return false }
              writer.endObject()
              return true
          }

          static let _encodesDirectly = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

          private static let __macro_local_10dateFormatfMu_: Bindery.JSONDateFormat = .unixSeconds
      }
      """#
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theOptionsApplyToEveryProperty() throws {
    let json = #"""
      {"id": 1, "resource_uri": "/tag/1", "count": "5",
       "children": [{"id": 2, "children": [], "count": 3}, {"id": "two", "children": []}]}
      """#
    let decoded = try Tag.decoded(json: json)
    let tag = decoded.value
    #expect(tag.remoteId == 1)
    #expect(tag.resourceUri == "/tag/1")
    #expect(tag.count == 5)
    // The lossy children skipped the bad one; coercion read "5".
    #expect(tag.children.map(\.remoteId) == [2])
    #expect(decoded.warnings.map(\.kind).contains(.skippedElement))
    #expect(decoded.warnings.map(\.kind).contains(.coerced))
    // `nulls: .write` writes the child's missing URI as null.
    let child = try JSONValue(parsing: try tag.children[0].jsonBytes())
    #expect(child == ["id": 2, "resource_uri": nil, "children": [], "count": 3])
  }

  static let source = """
    @JSONModel(keyStrategy: .snakeCase, coercesValues: true, dates: .unixSeconds, nulls: .write)
    struct Tag {
        @Key("id") var remoteId: Int
        var resourceUri: String?
        @Lossy var children: [Tag]
        @Coerce var count: Int
    }
    """
}
