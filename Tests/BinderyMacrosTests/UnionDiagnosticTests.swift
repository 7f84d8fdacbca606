import MacroTesting
import Testing

/// Misuse of the union and flattening attributes: each a diagnostic on the offending
/// declaration, with a fix-it where the fix is clear.
@Suite(.macros(binderyMacros))
struct UnionDiagnosticTests {
  @Test func aPropertyWrittenAtTheTagKeyStopsBeingWritten() {
    assertMacro {
      """
      @JSONModel
      struct Event {
          var type: String
          @TaggedBy("type") var payload: Payload
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct Event {
          var type: String
              ┬───
              ╰─ 🛑 'type' is written at 'type', where 'payload' writes its tag: the key would be written twice
                 ✏️ Read it but do not write it: add @Ignore(.encoding)
          @TaggedBy("type") var payload: Payload
      }
      """
    } fixes: {
      """
      @JSONModel
      struct Event {
          @Ignore(.encoding) var type: String
          @TaggedBy("type") var payload: Payload
      }
      """
    } expansion: {
      #"""
      struct Event {
          var type: String
          @TaggedBy("type") var payload: Payload
      }

      extension Event: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.type, "type", writes: false),
              .tagged(\.payload, "payload", tag: ["type"]),
          ])

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let type = try json._collect(try json.decode((String).self, forKey: Self.__macro_local_7jsonKeyfMu_.0))
              let payload = try json._collect(try json.decode((Payload).self, tag: "type", forKey: Self.__macro_local_7jsonKeyfMu_.1))
              self.type = try json._value(type)
              self.payload = try json._value(payload)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("payload") { try json.encode(self.payload, tag: "type", forKey: "payload") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["type"], ["payload"]])
          private static let __macro_local_7jsonKeyfMu_ = (__macro_local_8jsonKeysfMu_[0], __macro_local_8jsonKeysfMu_[1])
      }
      """#
    }
  }

  @Test func flattenNeedsAModel() {
    assertMacro {
      """
      @JSONModel
      struct Event {
          @Flatten var count: Int
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct Event {
          @Flatten var count: Int
          ┬───────
          ╰─ 🛑 @Flatten on 'count' needs a @JSONModel type whose members join this object's; 'Int' is not one
             ✏️ Remove @Flatten
      }
      """
    } fixes: {
      """
      @JSONModel
      struct Event {
          var count: Int
      }
      """
    } expansion: {
      #"""
      struct Event {
          var count: Int
      }

      extension Event: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.count, "count"),
          ], onePass: true, direct: true)

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let count = try json._collect(try json.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.count = try json._value(count)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("count") { try json._encode(self.count, plainKey: "count") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["count"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

          static func _fromOnePass(_ reader: inout Bindery._JSONOnePassReader) -> Self? {
              Bindery._JSONOnePassReader.validated(Self(_jsonOnePassMembers: &reader))
          }

          private init?(_jsonOnePassMembers reader: inout Bindery._JSONOnePassReader) {
              var slot0: (Int)? = nil
              let keys = Self.__macro_local_8jsonKeysfMu_
              guard var object = reader.beginObject() else { return nil }
              members: while true {
                  switch reader.member(of: keys, &object) {
                  case 0: guard reader.read(into: &slot0) else { return nil }
                  case -1: break members
                  default: return nil
                  }
              }
              guard let count = Bindery._JSONOnePassReader.value(slot0)
              else { return nil }
              self.count = count
          }

          static let _decodesInOnePass = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to writer: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard writer.beginObject(),
                  writer.member(#","count":"#, self.count)
              else { return false }
              writer.endObject()
              return true
          }

          static let _encodesDirectly = Bindery._JSONDirectWriter.encodesDirectly(Self.self)
      }
      """#
    }
  }

  @Test func anUntaggedCaseAfterOneThatReadsEverythingIsUnreachable() {
    assertMacro {
      """
      @JSONModel(untagged: true)
      enum Value {
          case number(Int)
          case any(JSONValue)
          case again(Int)
      }
      """
    } diagnostics: {
      """
      @JSONModel(untagged: true)
      enum Value {
          case number(Int)
          case any(JSONValue)
          case again(Int)
               ┬─────────
               ╰─ 🛑 case 'again' can never be read: case 'number' before it reads every value it reads
                  ✏️ Remove case 'again'
      }
      """
    } fixes: {
      """
      @JSONModel(untagged: true)
      enum Value {
          case number(Int)
          case any(JSONValue)
      }
      """
    } expansion: {
      """
      enum Value {
          case number(Int)
          case any(JSONValue)
      }

      extension Value: Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONValueDecoder) throws {
              self = try json._firstMatching(Self.self, [
                  ("number", { .number(try $0.decode()) }),
                  ("any", { .any(try $0.decode()) })
              ])
          }

          func encode(to json: Bindery.JSONValueEncoder) throws {
              switch self {
              case .number(let value): try json.encode(value)
              case .any(let value): try json.encode(value)
              }
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              Bindery.JSONSchemaBuilder._untagged([schema.schema(for: Bindery.JSONSchemaBuilder._payload(Self.number)), schema.schema(for: Bindery.JSONSchemaBuilder._payload(Self.any))])
          }

          init(from decoder: any Swift.Decoder) throws {
              if let __value = try Bindery._JSONModelCoding.binderyValue(Self.self, from: decoder) {
                  self = __value
                  return
              }
              self = try Bindery._JSONModelCoding.firstMatching(Self.self, from: decoder, [
                  ("number", { .number(try .init(from: $0)) }),
                  ("any", { .any(try .init(from: $0)) })
              ])
          }

          func encode(to encoder: any Swift.Encoder) throws {
              switch self {
              case .number(let value): try value.encode(to: encoder)
              case .any(let value): try value.encode(to: encoder)
              }
          }
      }
      """
    }
  }

  @Test func anAdjacentlyTaggedEnumDeclaresItsConformance() {
    assertMacro {
      """
      @JSONModel(tag: "type", content: "payload")
      enum Payload: Equatable {
          case push(Push)
          case other(String, JSONValue)
      }
      """
    } diagnostics: {
      """
      @JSONModel(tag: "type", content: "payload")
      enum Payload: Equatable {
           ┬──────
           ╰─ 🛑 an enum with 'tag:' and 'content:' must declare its conformance to JSONTaggedUnion
              ✏️ Add ': JSONTaggedUnion'
          case push(Push)
          case other(String, JSONValue)
      }
      """
    } fixes: {
      """
      @JSONModel(tag: "type", content: "payload")
      enum Payload: Equatable, JSONTaggedUnion {
          case push(Push)
          case other(String, JSONValue)
      }
      """
    } expansion: {
      """
      enum Payload: Equatable, JSONTaggedUnion {
          case push(Push)
          case other(String, JSONValue)
      }

      extension Payload: Bindery.JSONModel, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static var _jsonTags: [Swift.String] { ["push"] }

          static var _jsonKeepsUnknownTags: Swift.Bool { true }

          static func _jsonSchemaCases(in schema: inout Bindery.JSONSchemaBuilder) -> [(tag: Swift.String, content: Bindery.JSONValue)] {
              [(tag: "push", content: schema.schema(for: Bindery.JSONSchemaBuilder._payload(Self.push)))]
          }

          init(tag: Swift.String, content json: Bindery.JSONValueDecoder) throws {
              switch tag {
              case "push": self = .push(try json.decode())
              default: self = .other(tag, json.value())
              }
          }

          var jsonTag: Swift.String {
              switch self {
              case .push: return "push"
              case .other(let tag, _): return tag
              }
          }

          func encodeContent(to json: Bindery.JSONValueEncoder) throws {
              switch self {
              case .push(let value): try json.encode(value)
              case .other(_, let value): try json.value(value)
              }
          }

          init(json: Bindery.JSONObjectDecoder) throws {
              self = try json.decode(Self.self, tag: "type", forKey: "payload")
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              try json.encode(self, tag: "type", forKey: "payload")
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              Bindery.JSONSchemaBuilder._adjacentlyTagged(tag: "type", content: "payload", cases: Self._jsonSchemaCases(in: &schema), keepsUnknown: true)
          }

          init(from decoder: any Swift.Decoder) throws {
              if let __value = try Bindery._JSONModelCoding.binderyValue(Self.self, from: decoder) {
                  self = __value
                  return
              }
              let container = try decoder.container(keyedBy: Bindery._JSONCodingKey.self)
              let tag = try container.decode(Swift.String.self, forKey: "type")
              switch tag {
              case "push": self = .push(try Bindery._JSONModelCoding.content(of: container, forKey: "payload"))
              default: self = .other(tag, try Bindery._JSONModelCoding.content(of: container, forKey: "payload"))
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)
              try container.encode(self.jsonTag, forKey: "type")
              switch self {
              case .push(let value): try container.encode(value, forKey: "payload")
              case .other(_, let value): try container.encode(value, forKey: "payload")
              }
          }
      }
      """
    }
  }

  @Test func contentWithoutATag() {
    assertMacro {
      """
      @JSONModel(content: "payload")
      enum Payload {
          case push
      }
      """
    } diagnostics: {
      """
      @JSONModel(content: "payload")
                 ┬─────────────────
                 ╰─ 🛑 'content:' needs 'tag:', the key of the tag beside the content
      enum Payload {
          case push
      }
      """
    }
  }
}
