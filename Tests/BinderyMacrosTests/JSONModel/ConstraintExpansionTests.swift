import Bindery
import Foundation
import MacroTesting
import Testing

// `@Constraint`: what the macro writes for a constrained model (the constraints once, as a
// static of the property's type; each read checked on both paths), and the misuse it reports.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test.

@JSONModel
struct Listing {
  @Constraint(.greaterThan(0)) var id: Int
  @Constraint(.maxLength(80), .pattern("^[^<>]*$")) var title: String?
  @Constraint(.maxCount(10), .each(.minLength(1))) var tags: [String]
}

@Suite(.macros(binderyMacros))
struct ConstraintExpansionTests {
  @Test func constraintsAreWrittenOnceAndCheckedOnEveryRead() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      struct Listing {
        var id: Int
        var title: String?
        var tags: [String]
      }

      extension Listing: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.id, "id").checking(Self.__macro_local_11constraintsfMu_),
              .member(\.title, "title").checking(Self.__macro_local_11constraintsfMu0_),
              .member(\.tags, "tags").checking(Self.__macro_local_11constraintsfMu1_),
          ], onePass: true, direct: true)

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let id = try json._collect(try json._checked(try json.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_.0), forKey: Self.__macro_local_7jsonKeyfMu_.0, Self.__macro_local_11constraintsfMu_))
              let title = try json._collect(try json._checked(try json.decode((String?).self, forKey: Self.__macro_local_7jsonKeyfMu_.1), forKey: Self.__macro_local_7jsonKeyfMu_.1, Self.__macro_local_11constraintsfMu0_))
              let tags = try json._collect(try json._checked(try json.decode(([String]).self, forKey: Self.__macro_local_7jsonKeyfMu_.2), forKey: Self.__macro_local_7jsonKeyfMu_.2, Self.__macro_local_11constraintsfMu1_))
              self.id = try json._value(id)
              self.title = try json._value(title)
              self.tags = try json._value(tags)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("id") { try json._encode(self.id, plainKey: "id") }
              if json.includes("title") { try json._encodeIfPresent(self.title, plainKey: "title") }
              if json.includes("tags") { try json._encode(self.tags, plainKey: "tags") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["id"], ["title"], ["tags"]])
          private static let __macro_local_7jsonKeyfMu_ = (__macro_local_8jsonKeysfMu_[0], __macro_local_8jsonKeysfMu_[1], __macro_local_8jsonKeysfMu_[2])

          static func _fromOnePass(_ reader: inout Bindery._JSONOnePassReader) -> Self? {
              Bindery._JSONOnePassReader.validated(Self(_jsonOnePassMembers: &reader))
          }

          private init?(_jsonOnePassMembers reader: inout Bindery._JSONOnePassReader) {
              var slot0: (Int)? = nil
              var slot1: (String?)? = nil
              var slot2: ([String])? = nil
              let keys = Self.__macro_local_8jsonKeysfMu_
              guard var object = reader.beginObject() else { return nil }
              members: while true {
                  switch reader.member(of: keys, &object) {
                  case 0: guard reader.read(into: &slot0, checking: Self.__macro_local_11constraintsfMu_) else { return nil }
                  case 1: guard reader.read(into: &slot1, checking: Self.__macro_local_11constraintsfMu0_) else { return nil }
                  case 2: guard reader.read(into: &slot2, checking: Self.__macro_local_11constraintsfMu1_) else { return nil }
                  case -1: break members
                  default: return nil
                  }
              }
              guard let id = Bindery._JSONOnePassReader.value(slot0),
                  let title = Bindery._JSONOnePassReader.value(slot1),
                  let tags = Bindery._JSONOnePassReader.value(slot2)
              else { return nil }
              self.id = id
              self.title = title
              self.tags = tags
          }

          static let _decodesInOnePass = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to writer: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard writer.beginObject(),
                  writer.member(#","id":"#, self.id),
                  writer.memberIfPresent(#","title":"#, self.title),
                  writer.member(#","tags":"#, self.tags)
              else { return false }
              writer.endObject()
              return true
          }

          static let _encodesDirectly = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

          private static let __macro_local_11constraintsfMu_: Bindery.JSONConstraints<(Int)> = Bindery.JSONConstraints(.greaterThan(0))

          private static let __macro_local_11constraintsfMu0_: Bindery.JSONConstraints<(String)> = Bindery.JSONConstraints(.maxLength(80), .pattern("^[^<>]*$"))

          private static let __macro_local_11constraintsfMu1_: Bindery.JSONConstraints<([String])> = Bindery.JSONConstraints(.maxCount(10), .each(.minLength(1)))
      }
      """#
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theModelChecksWhatItReads() throws {
    let listing = try Listing(json: #"{"id": 3, "title": "Lamp", "tags": ["home"]}"#)
    #expect(listing.id == 3 && listing.title == "Lamp")
    let error = try #require(throws: JSONDecodingError.self) {
      try Listing(json: #"{"id": 3, "title": "<b>", "tags": [""]}"#)
    }
    #expect(error.problems.map(\.kind) == [.patternMismatch, .stringTooShort])
  }

  @Test func aConstraintOnATypeItDoesNotFitIsReported() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Constraint(.greaterThan(0)) var name: String
          @Constraint(.minCount(1)) var title: String?
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Constraint(.greaterThan(0)) var name: String
                      ┬──────────────
                      ╰─ 🛑 .greaterThan applies to numbers and dates, not to 'name' of type 'String'
          @Constraint(.minCount(1)) var title: String?
                      ┬───────────
                      ╰─ 🛑 .minCount applies to arrays, sets and dictionaries, not to 'title' of type 'String?'
                         ✏️ Use .minLength instead of .minCount
      }
      """
    }
  }

  @Test func aStringConstraintOnACollectionIsReplacedByTheFixIt() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Constraint(.maxLength(3)) var tags: [String]
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Constraint(.maxLength(3)) var tags: [String]
                      ┬────────────
                      ╰─ 🛑 .maxLength applies to strings, not to 'tags' of type '[String]'
                         ✏️ Use .maxCount instead of .maxLength
      }
      """
    } fixes: {
      """
      @JSONModel
      struct A {
          @Constraint(.maxCount(3)) var tags: [String]
      }
      """
    } expansion: {
      #"""
      struct A {
          var tags: [String]
      }

      extension A: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.tags, "tags").checking(Self.__macro_local_11constraintsfMu_),
          ], onePass: true, direct: true)

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let tags = try json._collect(try json._checked(try json.decode(([String]).self, forKey: Self.__macro_local_7jsonKeyfMu_), forKey: Self.__macro_local_7jsonKeyfMu_, Self.__macro_local_11constraintsfMu_))
              self.tags = try json._value(tags)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("tags") { try json._encode(self.tags, plainKey: "tags") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["tags"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

          static func _fromOnePass(_ reader: inout Bindery._JSONOnePassReader) -> Self? {
              Bindery._JSONOnePassReader.validated(Self(_jsonOnePassMembers: &reader))
          }

          private init?(_jsonOnePassMembers reader: inout Bindery._JSONOnePassReader) {
              var slot0: ([String])? = nil
              let keys = Self.__macro_local_8jsonKeysfMu_
              guard var object = reader.beginObject() else { return nil }
              members: while true {
                  switch reader.member(of: keys, &object) {
                  case 0: guard reader.read(into: &slot0, checking: Self.__macro_local_11constraintsfMu_) else { return nil }
                  case -1: break members
                  default: return nil
                  }
              }
              guard let tags = Bindery._JSONOnePassReader.value(slot0)
              else { return nil }
              self.tags = tags
          }

          static let _decodesInOnePass = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to writer: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard writer.beginObject(),
                  writer.member(#","tags":"#, self.tags)
              else { return false }
              writer.endObject()
              return true
          }

          static let _encodesDirectly = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

          private static let __macro_local_11constraintsfMu_: Bindery.JSONConstraints<([String])> = Bindery.JSONConstraints(.maxCount(3))
      }
      """#
    }
  }

  @Test func boundsThatAllowNoValueAreReported() {
    assertMacro {
      """
      @JSONModel
      struct A {
          @Constraint(.in(5...1)) var a: Int
          @Constraint(.minLength(5), .maxLength(3)) var b: String
          @Constraint(.greaterThan(2), .lessThan(2)) var c: Double
          @Constraint(.multiple(of: 0)) var d: Int
          @Ignore @Constraint(.atLeast(1)) var e: Int = 0
      }
      """
    } diagnostics: {
      """
      @JSONModel
      struct A {
          @Constraint(.in(5...1)) var a: Int
                          ┬────
                          ╰─ 🛑 @Constraint on 'a': the range's lower bound is above its upper bound, so no value is allowed
          @Constraint(.minLength(5), .maxLength(3)) var b: String
                      ┬────────────
                      ╰─ 🛑 @Constraint on 'b': .minLength is above .maxLength, so no string is allowed
          @Constraint(.greaterThan(2), .lessThan(2)) var c: Double
                      ┬──────────────
                      ╰─ 🛑 @Constraint on 'c': .greaterThan(2) and .lessThan(2) allow no value
          @Constraint(.multiple(of: 0)) var d: Int
                                    ┬
                                    ╰─ 🛑 @Constraint on 'd': the divisor of .multiple(of:) must be positive
          @Ignore @Constraint(.atLeast(1)) var e: Int = 0
                  ┬───────────────────────
                  ╰─ 🛑 @Constraint on 'e': the property is not read, so nothing is checked
      }
      """
    }
  }

  @Test func aPatternThatDoesNotCompileIsReported() {
    assertMacro {
      #"""
      @JSONModel
      struct A {
          @Constraint(.pattern("^(?P<name>[a-z]+)$")) var a: String
          @Constraint(.pattern(#"^[a-z]+(\d$"#)) var b: String
          @Constraint(.pattern("(?i)abc")) var c: String
          @Constraint(.pattern(#"^\d{3}-[A-Z]{2}$"#)) var d: String
      }
      """#
    } diagnostics: {
      #"""
      @JSONModel
      struct A {
          @Constraint(.pattern("^(?P<name>[a-z]+)$")) var a: String
                               ┬───────────────────
                               ╰─ 🛑 @Constraint on 'a': the pattern does not compile: (?P...) is Python's syntax; ECMA-262 names a group with (?<name>...) (at character 2)
          @Constraint(.pattern(#"^[a-z]+(\d$"#)) var b: String
                               ┬──────────────
                               ╰─ 🛑 @Constraint on 'b': the pattern does not compile: missing ')' for the group opened here (at character 8)
          @Constraint(.pattern("(?i)abc")) var c: String
                               ┬────────
                               ╰─ 🛑 @Constraint on 'c': the pattern does not compile: (? must be followed by ':', '=', '!', '<=', '<!' or '<name>' (inline flags are not ECMA-262) (at character 1)
          @Constraint(.pattern(#"^\d{3}-[A-Z]{2}$"#)) var d: String
      }
      """#
    }
  }

  static let source = """
    @JSONModel
    struct Listing {
      @Constraint(.greaterThan(0)) var id: Int
      @Constraint(.maxLength(80), .pattern("^[^<>]*$")) var title: String?
      @Constraint(.maxCount(10), .each(.minLength(1))) var tags: [String]
    }
    """
}
