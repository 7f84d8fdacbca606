import MacroTesting
import Testing

@Suite(.macros(binderyMacros))
struct JSONModelDiagnosticTests {
  @Test func keyOnAComputedPropertyIsRemovedByTheFixIt() {
    assertMacro {
      """
      @JSONModel
      struct A {
          var a: Int
          @Key("b") var b: Int { a * 2 }
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          var a: Int
          @Key("b") var b: Int { a * 2 }
          ┬────────
          ╰─ 🛑 @Key has no effect on computed property 'b': only stored properties are mapped
             ✏️ Remove @Key
      }
      """
    } fixes: {
      """
      @JSONModel
      struct A {
          var a: Int
          var b: Int { a * 2 }
      }
      """
    } expansion: {
      #"""
      struct A {
          var a: Int
          var b: Int { a * 2 }
      }

      extension A: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_1afMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.a
                      }, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.a = try __macro_local_4jsonfMu_._value(__macro_local_1afMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("a") {
                  try json._encode(self.a, plainKey: "a")
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.a, forKey: "a") {
                  __macro_local_7changedfMu_.insert(\Self.a)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.a {
                  return "a"
              }
              return nil
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["a"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.a
                      }, key: "a"), required: true)
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["a"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["a"]])
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
              var __macro_local_1afMu0_ = Bindery._JSONOnePassReader.slot { (model: Self) in
                  model.a
              }
              let __macro_local_4keysfMu_ = Self.__macro_local_8jsonKeysfMu_
              guard var __macro_local_6objectfMu0_ = __macro_local_6readerfMu_.beginObject() else {
                  return nil
              }
              members: while true {
                  switch __macro_local_6readerfMu_.member(of: __macro_local_4keysfMu_, &__macro_local_6objectfMu0_) {
                  case 0:
                      guard __macro_local_6readerfMu_.read(into: &__macro_local_1afMu0_) else {
                          return nil
                      }
                  case -1:
                      break members
                  default:
                      return nil
                  }
              }
              guard let __macro_local_1afMu1_ = Bindery._JSONOnePassReader.value(__macro_local_1afMu0_) else {
                  return nil
              }
              self.a = __macro_local_1afMu1_
          }

          static func _readsInOnePass(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONOnePassReader.readsInOnePass(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONOnePassReader.readsInOnePass({ (model: Self) in
                          model.a
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
              guard __macro_local_6writerfMu_.member(#","a":"#, self.a) else {
                  return false
              }
              __macro_local_6writerfMu_.endObject()
              return true
          }

          static func _writesDirectly(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONDirectWriter.writesDirectly(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONDirectWriter.writesDirectly({ (model: Self) in
                          model.a
                      }, visiting: &visiting)
              }
          }

          static var _encodesDirectly: Swift.Bool {
              Self.__macro_local_15encodesDirectlyfMu_
          }
          private static let __macro_local_15encodesDirectlyfMu_ = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case a
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
              self.a = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.a
                  }, from: __macro_local_9containerfMu_, forKey: .a)
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.a, to: &__macro_local_9containerfMu0_, forKey: .a)
          }
      }
      """#
    }
  }

  @Test func ignoredNonOptionalWithoutDefaultBecomesOptional() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Ignore var cache: [String: Int]
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Ignore var cache: [String: Int]
          ┬──────
          ╰─ 🛑 'cache' is not decoded, so it needs an initial value or an optional type
             ✏️ Make the property optional
      }
      """
    } fixes: {
      """
      @JSONModel
      struct A {
          @Ignore var cache: [String: Int]?
      }
      """
    } expansion: {
      #"""
      struct A {
          var cache: [String: Int]?
      }

      extension A: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {

          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.cache {
                  return "cache"
              }
              return nil
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>([])
          }

          func _writeDirectly(to __macro_local_6writerfMu_: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard __macro_local_6writerfMu_.beginObject() else {
                  return false
              }
              __macro_local_6writerfMu_.endObject()
              return true
          }

          static func _writesDirectly(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONDirectWriter.writesDirectly(Self.self, visiting: &visiting) { visiting in
                  true
              }
          }

          static var _encodesDirectly: Swift.Bool {
              Self.__macro_local_15encodesDirectlyfMu_
          }
          private static let __macro_local_15encodesDirectlyfMu_ = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

          init(from decoder: any Swift.Decoder) throws {
              if let __macro_local_6sourcefMu_ = try Bindery._JSONModelCoding.binderySource(from: decoder) {
                  try self.init(json: __macro_local_6sourcefMu_.object)
                  try Bindery._JSONModelCoding.validate(self, in: __macro_local_6sourcefMu_.object)
                  withExtendedLifetime(__macro_local_6sourcefMu_) {
                  }
              } else {
                  try self.init(_jsonContainer: decoder.container(keyedBy: Bindery._JSONCodingKey.self))
                  try Bindery._JSONModelCoding.validate(self, from: decoder)
              }
          }

          private init(_jsonContainer __macro_local_9containerfMu_: Swift.KeyedDecodingContainer<Bindery._JSONCodingKey>) throws {

          }

          func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: Bindery._JSONCodingKey.self)

          }
      }
      """#
    }
  }

  @Test func undecodableTypeGetsIgnore() {
    assertMacro {
      """
      @JSONModel
      struct A {
          var onTap: () -> Void
          var pair: (Int, Int)
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          var onTap: () -> Void
                     ┬─────────
                     ╰─ 🛑 'onTap' has type '() -> Void', which cannot be read from JSON; add @Transform with a transformer, or @Ignore
                        ✏️ Add @Ignore
          var pair: (Int, Int)
                    ┬─────────
                    ╰─ 🛑 'pair' has type '(Int, Int)', which cannot be read from JSON; add @Transform with a transformer, or @Ignore
                       ✏️ Add @Ignore
      }
      """
    } fixes: {
      """
      @JSONModel
      struct A {
          @Ignore var onTap: () -> Void
          @Ignore var pair: (Int, Int)
      }
      """
    }
  }

  @Test func missingTypeAnnotation() {
    assertMacro {
      """
      @JSONModel
      struct A {
          var items = makeItems()
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          var items = makeItems()
              ┬────
              ╰─ 🛑 'items' needs a type annotation so its JSON mapping can be generated
      }
      """
    }
  }

  @Test func twoPropertiesMappedToOneKey() {
    assertMacro {
      """
      @JSONModel
      struct A {
          var title: String
          @Key("title") var name: String
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          var title: String
          @Key("title") var name: String
                            ┬───
                            ╰─ 🛑 'name' and 'title' are both mapped to the key 'title'
      }
      """
    }
  }

  @Test func attributesOnALetWithAnInitialValue() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Key("k") let kind = "photo"
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Key("k") let kind = "photo"
          ┬────────
          ╰─ 🛑 @Key cannot apply to 'kind': a 'let' with an initial value is never decoded
             ✏️ Change 'let' to 'var'
      }
      """
    } fixes: {
      """
      @JSONModel
      struct A {
          @Key("k") var kind = "photo"
      }
      """
    } expansion: {
      #"""
      struct A {
          var kind = "photo"
      }

      extension A: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_4kindfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.kind
                      }, forKey: Self.__macro_local_7jsonKeyfMu_, default: "photo"))
              self.kind = try __macro_local_4jsonfMu_._value(__macro_local_4kindfMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("kind") {
                  try json._encode(self.kind, plainKey: "k")
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.kind, forKey: "k") {
                  __macro_local_7changedfMu_.insert(\Self.kind)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.kind {
                  return "kind"
              }
              return nil
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["k"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.kind
                      }, key: "k"), required: false, default: Bindery.JSONSchemaBuilder._encoded(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.kind
                      }, "photo"))
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["k"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["k"]])
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
              var __macro_local_4kindfMu0_ = Bindery._JSONOnePassReader.slot { (model: Self) in
                  model.kind
              }
              let __macro_local_4keysfMu_ = Self.__macro_local_8jsonKeysfMu_
              guard var __macro_local_6objectfMu0_ = __macro_local_6readerfMu_.beginObject() else {
                  return nil
              }
              members: while true {
                  switch __macro_local_6readerfMu_.member(of: __macro_local_4keysfMu_, &__macro_local_6objectfMu0_) {
                  case 0:
                      guard __macro_local_6readerfMu_.read(into: &__macro_local_4kindfMu0_) else {
                          return nil
                      }
                  case -1:
                      break members
                  default:
                      return nil
                  }
              }
              guard let __macro_local_4kindfMu1_ = Bindery._JSONOnePassReader.value(__macro_local_4kindfMu0_) else {
                  return nil
              }
              self.kind = __macro_local_4kindfMu1_
          }

          static func _readsInOnePass(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONOnePassReader.readsInOnePass(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONOnePassReader.readsInOnePass({ (model: Self) in
                          model.kind
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
              guard __macro_local_6writerfMu_.member(#","k":"#, self.kind) else {
                  return false
              }
              __macro_local_6writerfMu_.endObject()
              return true
          }

          static func _writesDirectly(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONDirectWriter.writesDirectly(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONDirectWriter.writesDirectly({ (model: Self) in
                          model.kind
                      }, visiting: &visiting)
              }
          }

          static var _encodesDirectly: Swift.Bool {
              Self.__macro_local_15encodesDirectlyfMu_
          }
          private static let __macro_local_15encodesDirectlyfMu_ = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case k
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
              self.kind = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.kind
                  }, from: __macro_local_9containerfMu_, forKey: .k, default: "photo")
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.kind, to: &__macro_local_9containerfMu0_, forKey: .k)
          }
      }
      """#
    }
  }

  @Test func badKeysAndUnknownKeysType() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Key("") var a: Int
          @UnknownKeys var extra: [String: Any]
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Key("") var a: Int
          ┬───────
          ╰─ 🛑 the key of 'a' must be a non-empty string literal
          @UnknownKeys var extra: [String: Any]
                           ┬────
                           ╰─ 🛑 @UnknownKeys property 'extra' must have type [String: JSONValue]
      }
      """
    }
  }

  @Test func unsupportedDeclarationsAndTagOutsideAnEnum() {
    assertMacro {
      """
      @JSONModel
      protocol P {}

      @JSONModel(tag: "type")
      struct S {
          var a: Int
      }
      """
    } diagnostics: {
      """
      @JSONModel
      ┬─────────
      ╰─ 🛑 @JSONModel applies to structs, classes and enums, not to protocols
      protocol P {}

      @JSONModel(tag: "type")
                 ┬──────────
                 ╰─ 🛑 'tag:' applies only to enums whose cases carry models
      struct S {
          var a: Int
      }
      """
    }
  }

  @Test func unionCasesMustCarryAModel() {
    assertMacro {
      """
      @JSONModel(tag: "type")
      enum Item {
          case photo(Photo)
          case empty
      }
      """
    } diagnostics: {
      """
      @JSONModel(tag: "type")
      enum Item {
          case photo(Photo)
          case empty
               ┬────
               ╰─ 🛑 case 'empty' of a tagged @JSONModel enum must carry exactly one model value
      }
      """
    }
  }

  @Test func everyProblemIsReportedAtOnce() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Ignore var a: Int
          var b = compute()
          var c: Any
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Ignore var a: Int
          ┬──────
          ╰─ 🛑 'a' is not decoded, so it needs an initial value or an optional type
             ✏️ Make the property optional
          var b = compute()
              ┬
              ╰─ 🛑 'b' needs a type annotation so its JSON mapping can be generated
          var c: Any
                 ┬──
                 ╰─ 🛑 'c' has type 'Any', which cannot be read from JSON; add @Transform with a transformer, or @Ignore
                    ✏️ Add @Ignore
      }
      """
    }
  }

  @Test func stringEnumCasesCarryNoValuesButOneFallback() {
    assertMacro {
      """
      @JSONModel
      enum Kind {
          case photo
          case other(String)
          case sized(Int)
          case another(String)
      }
      """
    } diagnostics: {
      """
      @JSONModel
      enum Kind {
          case photo
          case other(String)
          case sized(Int)
               ┬─────────
               ╰─ 🛑 case 'sized' carries values, but this @JSONModel enum reads JSON strings: only one case with a single String value (for unknown strings) may; add 'tag:' for an enum of models
          case another(String)
               ┬──────────────
               ╰─ 🛑 case 'another' carries values, but this @JSONModel enum reads JSON strings: only one case with a single String value (for unknown strings) may; add 'tag:' for an enum of models
      }
      """
    }
  }

  @Test func lossyAndTransformCannotBothApply() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Lossy @Transform(.separated(by: " ")) var tags: [String]
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Lossy @Transform(.separated(by: " ")) var tags: [String]
                 ┬──────────────────────────────
                 ╰─ 🛑 @Lossy and @Transform cannot both apply to 'tags'
      }
      """
    }
  }
}
