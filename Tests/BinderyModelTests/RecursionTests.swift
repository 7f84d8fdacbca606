import Bindery
import Foundation
import Testing

/// A comment tree: a struct that contains itself through an array.
@JSONModel
struct ThreadComment: Equatable {
  var id: Int
  var replies: [ThreadComment]
}

/// A status quoting a status: a class that contains itself through an optional.
@JSONModel
final class QuotedStatus: Equatable {
  var text: String
  var quoted: QuotedStatus?

  init(text: String, quoted: QuotedStatus?) {
    self.text = text
    self.quoted = quoted
  }

  static func == (left: QuotedStatus, right: QuotedStatus) -> Bool {
    left.text == right.text && left.quoted == right.quoted
  }
}

/// An expression tree: a tagged union whose cases contain the union.
@JSONModel
struct Sum: Equatable {
  var left: Expression
  var right: Expression
}

@JSONModel
struct Literal: Equatable {
  var value: Int
}

@JSONModel(tag: "op")
indirect enum Expression: Equatable {
  case number(Literal)
  case add(Sum)

  var result: Int {
    switch self {
    case .number(let literal): literal.value
    case .add(let sum): sum.left.result + sum.right.result
    }
  }
}

/// A value that is a number or a list of such values: an untagged union containing itself.
@JSONModel(untagged: true)
indirect enum Nested: Equatable {
  case number(Int)
  case list([Nested])
}

@Suite struct RecursionTests {
  /// A chain of `depth` comments, each the only reply of the one before.
  static func chain(_ depth: Int) -> ThreadComment {
    var comment = ThreadComment(id: depth, replies: [])
    for id in stride(from: depth - 1, through: 1, by: -1) {
      comment = ThreadComment(id: id, replies: [comment])
    }
    return comment
  }

  @Test func recursiveStructsClassesAndUnionsRoundTrip() throws {
    let tree = ThreadComment(
      id: 1,
      replies: [
        ThreadComment(id: 2, replies: [ThreadComment(id: 4, replies: [])]),
        ThreadComment(id: 3, replies: []),
      ])
    #expect(try ThreadComment(json: tree.jsonString()) == tree)
    #expect(try JSONDecoder().decode(ThreadComment.self, from: JSONEncoder().encode(tree)) == tree)

    let status = try QuotedStatus(
      json: #"{"text": "a", "quoted": {"text": "b", "quoted": {"text": "c"}}}"#)
    #expect(status.quoted?.quoted?.text == "c")
    #expect(try status.jsonString() == #"{"text":"a","quoted":{"text":"b","quoted":{"text":"c"}}}"#)

    let expression = try Expression(
      json:
        #"{"op": "add", "left": {"op": "number", "value": 2}, "right": {"op": "add", "left": {"op": "number", "value": 3}, "right": {"op": "number", "value": 4}}}"#
    )
    #expect(expression.result == 9)
    #expect(try Expression(json: expression.jsonString()) == expression)

    let nested = try Nested(json: "[1, [2, [3, []]], 4]")
    #expect(
      nested
        == .list([.number(1), .list([.number(2), .list([.number(3), .list([])])]), .number(4)]))
    #expect(try nested.jsonString() == "[1,[2,[3,[]]],4]")
  }

  @Test func aProblemDeepInATreeNamesItsPath() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try ThreadComment(
        json: #"{"id": 1, "replies": [{"id": 2, "replies": [{"id": "x", "replies": []}]}]}"#)
    }
    #expect(error?.problems.first?.path.description == "replies[0].replies[0].id")
  }

  /// As deep as the default nesting limit allows (two JSON levels per comment): decoded and
  /// encoded on the test's own thread.
  @Test func treesUpToTheDefaultDepthLimit() throws {
    let deepest = Self.chain(256)
    let text = try deepest.jsonString()
    #expect(try ThreadComment(json: text) == deepest)
    // One level more is refused by the limit, with an error rather than a crash.
    let tooDeep = try Self.chain(257).jsonString(
      options: JSONEncodingOptions(writing: JSONWritingOptions(maxDepth: 1024)))
    let error = #expect(throws: JSONDecodingError.self) { try ThreadComment(json: tooDeep) }
    #expect(error?.problems.first?.kind == .malformedJSON)
    #expect(throws: JSONWriteError.self) { try Self.chain(257).jsonString() }
  }

  /// 10,000 comments deep (20,000 levels of JSON) with the limits raised: the model code
  /// recurses once per level, so this runs on a thread with a stack sized for it.
  @Test func treesTenThousandDeepWithTheLimitRaised() throws {
    let result = Locked<Result<Bool, any Error>?>(nil)
    let thread = Thread {
      result.set(
        Result {
          let deep = Self.chain(10_000)
          let text = try deep.jsonString(
            options: JSONEncodingOptions(writing: JSONWritingOptions(maxDepth: 20_001)))
          let options = JSONDecodingOptions(reading: JSONReadingOptions(maxDepth: 20_001))
          return try ThreadComment(json: text, options: options) == deep
        })
    }
    thread.stackSize = 256 << 20
    thread.start()
    while result.get() == nil { Thread.sleep(forTimeInterval: 0.01) }
    #expect(try result.get()?.get() == true)
  }
}

/// A value shared with another thread, behind a lock.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func get() -> Value { lock.withLock { value } }
  func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
