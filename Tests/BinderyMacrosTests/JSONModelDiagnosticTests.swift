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

      extension A: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.a, "a"),
          ], onePass: true, direct: true)

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let a = try json._collect(try json.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.a = try json._value(a)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("a") { try json._encode(self.a, plainKey: "a") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["a"]])
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
              guard let a = Bindery._JSONOnePassReader.value(slot0)
              else { return nil }
              self.a = a
          }

          static let _decodesInOnePass = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to writer: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard writer.beginObject(),
                  writer.member(#","a":"#, self.a)
              else { return false }
              writer.endObject()
              return true
          }

          static let _encodesDirectly = Bindery._JSONDirectWriter.encodesDirectly(Self.self)
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

      extension A: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .ignored(\.cache, "cache"),
          ], direct: true)

          init(json: Bindery.JSONObjectDecoder) throws {

          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {

          }

          func _writeDirectly(to writer: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard writer.beginObject()
              else { return false }
              writer.endObject()
              return true
          }

          static let _encodesDirectly = Bindery._JSONDirectWriter.encodesDirectly(Self.self)
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

      extension A: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.kind, "kind", paths: [["k"]], default: "photo"),
          ], onePass: true, direct: true)

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let kind = try json._collect(try json.decode((Swift.String).self, forKey: Self.__macro_local_7jsonKeyfMu_, default: "photo"))
              self.kind = try json._value(kind)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("kind") { try json._encode(self.kind, plainKey: "k") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["k"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

          static func _fromOnePass(_ reader: inout Bindery._JSONOnePassReader) -> Self? {
              Bindery._JSONOnePassReader.validated(Self(_jsonOnePassMembers: &reader))
          }

          private init?(_jsonOnePassMembers reader: inout Bindery._JSONOnePassReader) {
              var slot0: (Swift.String)? = nil
              let keys = Self.__macro_local_8jsonKeysfMu_
              guard var object = reader.beginObject() else { return nil }
              members: while true {
                  switch reader.member(of: keys, &object) {
                  case 0: guard reader.read(into: &slot0) else { return nil }
                  case -1: break members
                  default: return nil
                  }
              }
              guard let kind = Bindery._JSONOnePassReader.value(slot0)
              else { return nil }
              self.kind = kind
          }

          static let _decodesInOnePass = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to writer: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard writer.beginObject(),
                  writer.member(#","k":"#, self.kind)
              else { return false }
              writer.endObject()
              return true
          }

          static let _encodesDirectly = Bindery._JSONDirectWriter.encodesDirectly(Self.self)
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
