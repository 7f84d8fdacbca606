public import Bindery
import Foundation
import Testing

// Compile-only edge cases: these declarations must expand and compile; the tests then check a
// round trip so the expansion is exercised, not only type-checked.

@JSONModel
struct Page<Item: JSONDecodable & JSONEncodable & Equatable>: Equatable {
  var page: Int
  var items: [Item]
}

enum Namespace {
  @JSONModel
  struct Nested: Equatable {
    var value: Int
  }
}

@JSONModel
struct KeywordNames: Equatable {
  var `default`: Int
  var `class`: String
  var json: Int
  var changed: Bool
  var keyPath: String
  var encoder: Int
}

@JSONModel
public struct PublicModel: Equatable, Sendable {
  public var id: Int
  public init(id: Int) { self.id = id }
}

@JSONModel(keyStrategy: .kebabCase)
struct KebabModel: Equatable {
  var firstName: String
  var myURLValue: Int
}

@JSONModel(keyStrategy: .pascalCase)
struct PascalModel: Equatable {
  var firstName: String
}

@JSONModel(keyStrategy: .custom({ $0.uppercased() }))
struct ShoutingModel: Equatable {
  var firstName: String
  @Key("id") var identifier: Int
}

@JSONModel
struct DottedKey: Equatable {
  @Key("a\\.b") var dotted: Int
  @Key(#"c\.d"#) var raw: Int
}

@JSONModel
struct MultipleBindings: Equatable {
  var a, b: Int
  var c = 3
}

@Suite struct CompileTimeEdgeCaseTests {
  @Test func genericAndNestedModels() throws {
    let page = try Page<Namespace.Nested>(json: #"{"page": 2, "items": [{"value": 1}]}"#)
    #expect(page.items == [Namespace.Nested(value: 1)])
    #expect(try page.jsonString() == #"{"page":2,"items":[{"value":1}]}"#)
  }

  @Test func propertiesNamedLikeKeywordsOrGeneratedLocals() throws {
    let json = #"{"default":1,"class":"c","json":2,"changed":true,"keyPath":"k","encoder":3}"#
    let value = try KeywordNames(json: json)
    #expect(value.default == 1)
    #expect(value.json == 2)
    #expect(try value.jsonString() == json)
    var copy = value
    let changed = try copy.update(json: #"{"json": 5}"#)
    #expect(changed == [\KeywordNames.json])
  }

  @Test func keyStrategiesMatchBinderyNaming() throws {
    #expect(
      try KebabModel(firstName: "a", myURLValue: 1).jsonString()
        == #"{"first-name":"a","my-url-value":1}"#)
    #expect(try PascalModel(firstName: "a").jsonString() == #"{"FirstName":"a"}"#)
    #expect(
      try ShoutingModel(firstName: "a", identifier: 1).jsonString() == #"{"FIRSTNAME":"a","id":1}"#)
    #expect(try ShoutingModel(json: #"{"FIRSTNAME":"b","id":2}"#).firstName == "b")
    #expect(JSONKeyStrategy.snakeCase.key(forProperty: "myURLValue") == "my_url_value")
  }

  @Test func escapedDotsAreLiteralKeys() throws {
    let value = try DottedKey(json: #"{"a.b": 1, "c.d": 2}"#)
    #expect(value == DottedKey(dotted: 1, raw: 2))
    #expect(try value.jsonString() == #"{"a.b":1,"c.d":2}"#)
  }

  @Test func multipleBindingsShareTheirType() throws {
    let value = try MultipleBindings(json: #"{"a": 1, "b": 2}"#)
    #expect(value == MultipleBindings(a: 1, b: 2, c: 3))
  }

  @Test func publicModelsAreSendable() {
    let value: any Sendable = PublicModel(id: 1)
    #expect(value is PublicModel)
  }
}

enum Outer {
  @JSONModel
  struct Inner: Equatable {
    var sibling: Sibling
    var siblings: [Sibling]?
  }

  @JSONModel
  struct Sibling: Equatable {
    var value: Int
  }

  @JSONModel(tag: "kind")
  enum Choice: Equatable {
    case one(Sibling)
  }
}

@Suite struct NestedSiblingTests {
  @Test func siblingsOfANestedTypeResolveInTheGeneratedExtension() throws {
    let inner = try Outer.Inner(json: #"{"sibling": {"value": 1}}"#)
    #expect(inner.sibling.value == 1)
    #expect(try Outer.Choice(json: #"{"kind": "one", "value": 2}"#) == .one(.init(value: 2)))
  }
}

/// The model's date format and a property's transformer spelled the same: one static holds it.
@JSONModel(dates: .dateFormat("yyyy-MM-dd"))
struct SameDateFormatTwice: Equatable {
  var born: Date
  @Transform(.dateFormat("yyyy-MM-dd")) var died: Date
  @Transform(.dateFormat("yyyy-MM-dd")) var buried: Date?
}

/// A generic model cannot hold statics: its date format stays inline.
@JSONModel
struct DatedPage<Item: JSONDecodable & JSONEncodable & Equatable>: Equatable {
  @Transform(.dateFormat("yyyy-MM-dd")) var day: Date
  var items: [Item]
}

@Suite struct DateFormatStaticsTests {
  @Test func aFormatSharedByTheModelAndAPropertyRoundTrips() throws {
    let json = #"{"born":"1815-12-10","died":"1852-11-27","buried":"1852-12-03"}"#
    let model = try SameDateFormatTwice(json: json)
    #expect(try model.jsonString() == json)
    #expect(throws: JSONDecodingError.self) {
      try SameDateFormatTwice(json: #"{"born":"1815-12-10","died":"27/11/1852"}"#)
    }
  }

  @Test func aGenericModelReadsItsDateInline() throws {
    let json = #"{"day":"2016-01-22","items":[1,2]}"#
    #expect(try DatedPage<Int>(json: json).jsonString() == json)
  }
}
