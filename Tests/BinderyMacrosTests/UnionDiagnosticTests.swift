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

      extension Event: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_4typefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.type
                      }, forKey: Self.__macro_local_7jsonKeyfMu_))
              let __macro_local_7payloadfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.payload
                      }, tag: "type", forKey: Self.__macro_local_7jsonKeyfMu0_))
              self.type = try __macro_local_4jsonfMu_._value(__macro_local_4typefMu_)
              self.payload = try __macro_local_4jsonfMu_._value(__macro_local_7payloadfMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("payload") {
                  try json.encode(self.payload, tag: "type", forKey: "payload")
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.type, forKey: "type") {
                  __macro_local_7changedfMu_.insert(\Self.type)
              }
              if __macro_local_4jsonfMu0_.contains("payload") {
                  self.payload = try __macro_local_4jsonfMu0_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.payload
                      }, tag: "type", forKey: "payload");
                  __macro_local_7changedfMu_.insert(\Self.payload)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.type {
                  return "type"
              }
              if keyPath == \Self.payload {
                  return "payload"
              }
              return nil
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["type"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.type
                      }, key: "type"), required: true)
              let __macro_local_5unionfMu_ = schema._taggedCases(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.payload
                  }, key: "payload")
              __macro_local_6objectfMu_.tagged(tag: ["type"], content: ["payload"], cases: __macro_local_5unionfMu_.cases, keepsUnknownTags: __macro_local_5unionfMu_.keepsUnknownTags, required: true)
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["type", "payload"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["type"], ["payload"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]
          private static let __macro_local_7jsonKeyfMu0_ = __macro_local_8jsonKeysfMu_[1]

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case type
              case payload
          }

          init(from decoder: any Swift.Decoder) throws {
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
              self.type = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.type
                  }, from: __macro_local_9containerfMu_, forKey: .type)
              self.payload = try Bindery._JSONModelCoding.member(of: __macro_local_9containerfMu_, keys: [.payload, .type]) { json in
                  try json.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.payload
                      }, tag: "type", forKey: "payload")
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encodeMember(to: &__macro_local_9containerfMu0_) { json in
                  try json.encode(self.payload, tag: "type", forKey: "payload")
              }
          }
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

      extension Event: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_5countfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.count
                      }, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.count = try __macro_local_4jsonfMu_._value(__macro_local_5countfMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("count") {
                  try json._encode(self.count, plainKey: "count")
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.count, forKey: "count") {
                  __macro_local_7changedfMu_.insert(\Self.count)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.count {
                  return "count"
              }
              return nil
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["count"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.count
                      }, key: "count"), required: true)
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["count"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["count"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

          static func _fromOnePass(_ __macro_local_6readerfMu_: inout Bindery._JSONOnePassReader) -> Self? {
              guard let __macro_local_5valuefMu_ = Self(_jsonOnePassMembers: &__macro_local_6readerfMu_) else {
                  return nil
              }
              do {
                  try __macro_local_5valuefMu_.validate()
              } catch {
                  return nil
              }
              return __macro_local_5valuefMu_
          }
          private init?(_jsonOnePassMembers __macro_local_6readerfMu_: inout Bindery._JSONOnePassReader) {
              var __macro_local_5countfMu0_ = Bindery._JSONOnePassReader.slot { (model: Self) in
                  model.count
              }
              let __macro_local_4keysfMu_ = Self.__macro_local_8jsonKeysfMu_
              guard var __macro_local_6objectfMu0_ = __macro_local_6readerfMu_.beginObject() else {
                  return nil
              }
              members: while true {
                  switch __macro_local_6readerfMu_.member(of: __macro_local_4keysfMu_, &__macro_local_6objectfMu0_) {
                  case 0:
                      guard __macro_local_6readerfMu_.read(into: &__macro_local_5countfMu0_) else {
                          return nil
                      }
                  case -1:
                      break members
                  default:
                      return nil
                  }
              }
              guard let __macro_local_5countfMu1_ = Bindery._JSONOnePassReader.value(__macro_local_5countfMu0_) else {
                  return nil
              }
              self.count = __macro_local_5countfMu1_
          }

          static func _readsInOnePass(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONOnePassReader.readsInOnePass(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONOnePassReader.readsInOnePass({ (model: Self) in
                          model.count
                      }, visiting: &visiting)
              }
          }

          static var _decodesInOnePass: Swift.Bool {
              Self.__macro_local_16decodesInOnePassfMu_
          }
          private static let __macro_local_16decodesInOnePassfMu_ = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to __macro_local_6writerfMu_: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard __macro_local_6writerfMu_.beginObject() else {
                  return false
              }
              guard __macro_local_6writerfMu_.member(#","count":"#, self.count) else {
                  return false
              }
              __macro_local_6writerfMu_.endObject()
              return true
          }

          static func _writesDirectly(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONDirectWriter.writesDirectly(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONDirectWriter.writesDirectly({ (model: Self) in
                          model.count
                      }, visiting: &visiting)
              }
          }

          static var _encodesDirectly: Swift.Bool {
              Self.__macro_local_15encodesDirectlyfMu_
          }
          private static let __macro_local_15encodesDirectlyfMu_ = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case count
          }

          init(from decoder: any Swift.Decoder) throws {
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
              self.count = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.count
                  }, from: __macro_local_9containerfMu_, forKey: .count)
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.count, to: &__macro_local_9containerfMu0_, forKey: .count)
          }
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
                  ("number", {
                                  .number(try $0.decode())
                              }),
                  ("any", {
                                  .any(try $0.decode())
                              })
              ])
          }

          func encode(to json: Bindery.JSONValueEncoder) throws {
              switch self {
              case .number(let value):
                  try json.encode(value)
              case .any(let value):
                  try json.encode(value)
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
                  ("number", {
                                  .number(try .init(from: $0))
                              }),
                  ("any", {
                                  .any(try .init(from: $0))
                              })
              ])
          }

          func encode(to encoder: any Swift.Encoder) throws {
              switch self {
              case .number(let value):
                  try value.encode(to: encoder)
              case .any(let value):
                  try value.encode(to: encoder)
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
          static var _jsonTags: [Swift.String] {
              ["push"]
          }

          static var _jsonKeepsUnknownTags: Swift.Bool {
              true
          }

          static func _jsonSchemaCases(in schema: inout Bindery.JSONSchemaBuilder) -> [(tag: Swift.String, content: Bindery.JSONValue)] {
              [(tag: "push", content: schema.schema(for: Bindery.JSONSchemaBuilder._payload(Self.push)))]
          }

          init(tag: Swift.String, content json: Bindery.JSONValueDecoder) throws {
              switch tag {
              case "push":
                  self = .push(try json.decode())
              default:
                  self = .other(tag, json.value())
              }
          }

          var jsonTag: Swift.String {
              switch self {
              case .push:
                  return "push"
              case .other(let tag, _):
                  return tag
              }
          }

          func encodeContent(to json: Bindery.JSONValueEncoder) throws {
              switch self {
              case .push(let value):
                  try json.encode(value)
              case .other(_, let value):
                  try json.value(value)
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
              case "push":
                  self = .push(try Bindery._JSONModelCoding.content(of: container, forKey: "payload"))
              default:
                  self = .other(tag, try Bindery._JSONModelCoding.content(of: container, forKey: "payload"))
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)
              try container.encode(self.jsonTag, forKey: "type")
              switch self {
              case .push(let value):
                  try container.encode(value, forKey: "payload")
              case .other(_, let value):
                  try container.encode(value, forKey: "payload")
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
