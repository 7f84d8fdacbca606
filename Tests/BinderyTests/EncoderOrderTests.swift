import Bindery
import BinderyTestSupport
import Foundation
import PropertyBased
import Testing

/// `encode(to:)` implementations that write out of order — keys twice, containers reopened or
/// written to late, members that throw under `try?`, super encoders — against Foundation's
/// `JSONEncoder`, which keeps every container as a reference until the end.
@Suite("BinderyEncoder: containers in any order")
struct EncoderOrderTests {
  struct Twice: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(0, forKey: AnyKey("key"))
      try container.encode(42, forKey: AnyKey("key"))
    }
  }

  struct Reopened: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      var first = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("top"))
      try first.encode(1, forKey: AnyKey("first"))
      try container.encode(5, forKey: AnyKey("mid"))
      var second = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("top"))
      try second.encode(2, forKey: AnyKey("second"))
      var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
      try list.encode(1)
      var again = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
      try again.encode(2)
      try first.encode(3, forKey: AnyKey("late"))
    }
  }

  struct Failing: Encodable {
    var writesFirst: Bool
    func encode(to encoder: any Encoder) throws {
      if writesFirst {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("key"))
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encode(2)
      }
      throw EncodingError.invalidValue(
        1, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "refused"))
    }
  }

  struct TryFailing: Encodable {
    var writesFirst: Bool
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      try? container.encode(Failing(writesFirst: writesFirst), forKey: AnyKey("a"))
      try? container.encode(Double.nan, forKey: AnyKey("nan"))
      try container.encode(2, forKey: AnyKey("b"))
      var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
      try list.encode(1)
      try? list.encode(Failing(writesFirst: writesFirst))
      try? list.encode(Float.infinity)
      try list.encode(3)
    }
  }

  struct Replaced: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("top"))
      try nested.encode(1, forKey: AnyKey("first"))
      try container.encode(7, forKey: AnyKey("top"))
      try nested.encode(3, forKey: AnyKey("late"))  // into a container no longer in the output
    }
  }

  struct Late: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
      var element = list.nestedContainer(keyedBy: AnyKey.self)
      try list.encode(2)
      try container.encode(1, forKey: AnyKey("z"))
      try element.encode(1, forKey: AnyKey("x"))
      try list.encode(3)
    }
  }

  final class SuperLate: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      let parent = container.superEncoder()
      try container.encode(1, forKey: AnyKey("a"))
      var inner = parent.container(keyedBy: AnyKey.self)
      try inner.encode(9, forKey: AnyKey("b"))
      _ = container.superEncoder(forKey: AnyKey("unused"))
      var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
      var element = list.superEncoder().singleValueContainer()
      try list.encode(5)
      try element.encode("first")
    }
  }

  @Test func keysWrittenTwiceKeepTheLastValue() {
    expectSameEncoding(Twice())
    expectSameEncoding([Twice(), Twice()])
    expectSameEncoding(["x": Twice()])
  }

  @Test func reopenedContainersAreExtended() {
    expectSameEncoding(Reopened())
    expectSameEncoding([Reopened()])
    expectSameEncoding(Reopened(), configure: { $0.outputFormatting = [.sortedKeys, .prettyPrinted]
      $1.outputFormatting = [.sortedKeys, .prettyPrinted]
    })
  }

  @Test func aMemberThatThrowsUnderTryIsLeftOut() {
    for writesFirst in [false, true] {
      expectSameEncoding(TryFailing(writesFirst: writesFirst))
      expectSameEncoding([TryFailing(writesFirst: writesFirst)])
      expectSameEncoding(
        TryFailing(writesFirst: writesFirst),
        configure: {
          $0.outputFormatting = [.prettyPrinted, .sortedKeys]
          $1.outputFormatting = [.prettyPrinted, .sortedKeys]
        })
    }
  }

  @Test func containersWrittenLateLandWhereTheyBelong() {
    expectSameEncoding(Replaced())
    expectSameEncoding(Late())
    expectSameEncoding(["a": [Late(), Late()]])
  }

  @Test func superEncodersAreFilledInWhenUsed() throws {
    expectSameEncoding(SuperLate())
    expectSameEncoding([SuperLate()])
    expectSameEncoding(Dog(name: "Lassie", breed: "collie"))
    expectSameEncoding([Dog(name: "Lassie", breed: "collie"), Dog(name: "Rex", breed: "pug")])
  }

  @Test func encodeRunsOnceWithTheCodingPathsFoundationGives() throws {
    final class Counting: Encodable {
      nonisolated(unsafe) static var runs = 0
      nonisolated(unsafe) static var superPaths: [[String]] = []
      func encode(to encoder: any Encoder) throws {
        Self.runs += 1
        var container = encoder.container(keyedBy: AnyKey.self)
        let keyed = container.superEncoder(forKey: AnyKey("parent"))
        let plain = container.superEncoder()
        Self.superPaths.append(keyed.codingPath.map(\.stringValue))
        Self.superPaths.append(plain.codingPath.map(\.stringValue))
        try container.encode(1, forKey: AnyKey("a"))
      }
    }
    Counting.runs = 0
    Counting.superPaths = []
    _ = try BinderyEncoder().encode(["x": Counting()])
    #expect(Counting.runs == 1)
    #expect(Counting.superPaths == [["x", "parent"], ["x", "super"]])
    Counting.superPaths = []
    _ = try JSONEncoder().encode(["x": Counting()])
    #expect(Counting.superPaths == [["x", "parent"], ["x", "super"]])
  }

  @Test func keysThatAStrategyMakesEqualKeepTheLastValue() {
    struct Colliding: Encodable {
      var aB = 1
      var a_b = 2  // swiftlint:disable:this identifier_name
    }
    expectSameEncoding(
      Colliding(),
      configure: {
        $0.keyEncodingStrategy = .convertToSnakeCase
        $1.keyEncodingStrategy = .convertToSnakeCase
      })
    let constant: @Sendable ([any CodingKey]) -> any CodingKey = { _ in AnyKey("same") }
    expectSameEncoding(
      Colliding(),
      configure: {
        $0.keyEncodingStrategy = .custom(constant)
        $1.keyEncodingStrategy = .custom(constant)
      })
  }

  /// Where Foundation stops the process (a precondition failure), Bindery throws.
  @Test func misusesFoundationTrapsOnAreErrors() throws {
    struct ValueThenContainer: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("k"))
        var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("k"))
        try? nested.encode(2, forKey: AnyKey("x"))
      }
    }
    struct KeyedThenUnkeyed: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        _ = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("k"))
        _ = container.nestedUnkeyedContainer(forKey: AnyKey("k"))
      }
    }
    struct TwoSingleValues: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(1)
        try container.encode(2)
      }
    }
    struct KeyedThenSingle: Encodable {
      func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: AnyKey.self)
        try keyed.encode(1, forKey: AnyKey("a"))
        var single = encoder.singleValueContainer()
        try single.encode(2)
      }
    }
    struct SingleThenUnkeyed: Encodable {
      func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(2)
        var list = encoder.unkeyedContainer()
        try list.encode(1)
      }
    }
    let cases: [(any Encodable, String)] = [
      (ValueThenContainer(), "key 'k', which already holds a different value"),
      (KeyedThenUnkeyed(), "key 'k', which already holds a different value"),
      (TwoSingleValues(), "a value was already encoded here"),
      (KeyedThenSingle(), "a value was already encoded here"),
      (SingleThenUnkeyed(), "a different value was already encoded at top level"),
    ]
    for (value, message) in cases {
      let error = try #require(throws: EncodingError.self) {
        try BinderyEncoder().encode(value)
      }
      guard case .invalidValue(_, let context) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
    }
  }

  /// Objects of one key type written with keys in changing orders, some left out, some
  /// repeated, from more than 64 distinct keys, one encode after another: the key order the
  /// encoder learns for the type, and keeps between encodes, never lets a repeat through or
  /// takes a new key for one. Dictionaries with `Int` keys go through the same containers.
  @Test func keyOrdersLearnedAcrossEncodes() {
    struct Shuffled: Encodable {
      let keys: [String]
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (index, key) in keys.enumerated() {
          try container.encode(index, forKey: AnyKey(key))
        }
      }
    }
    let names = (0..<80).map { "key\($0)" } + ["\u{E9}", "e\u{301}"]
    var random = SplitMix64(seed: 21)
    for _ in 0..<60 {
      // Mostly a few common keys, so that repeats are frequent; sometimes any of them.
      let keys = (0..<(random.below(90) + 1)).map { _ in
        names[random.below(random.below(3) == 0 ? names.count : 6)]
      }
      expectSameEncoding(Shuffled(keys: keys))
      expectSameEncoding([Shuffled(keys: keys), Shuffled(keys: keys.reversed())])
    }
    let numbered = Dictionary(uniqueKeysWithValues: (0..<100).map { ($0 * 7, "v\($0)") })
    expectSameEncoding(numbered)
    expectSameEncoding([numbered, [1: "a"], numbered])
  }

  /// Random `encode(to:)` programs over a few keys, so that keys repeat, containers are
  /// reopened and written to after their siblings, members throw under `try?`, and super
  /// encoders are filled in late: both encoders must write the same JSON.
  @Test func randomProgramsEncodeLikeFoundation() async {
    let generator = Generator<EncodeProgram, Shrink.None<EncodeProgram>> { rng in
      EncodeProgram.random(using: &rng)
    }
    await propertyCheck(count: 400, input: generator) { program in
      expectSameEncoding(program)
      expectSameEncoding([program, program])
      expectSameEncoding(
        program,
        configure: {
          $0.outputFormatting = [.sortedKeys, .prettyPrinted]
          $1.outputFormatting = [.sortedKeys, .prettyPrinted]
          $0.keyEncodingStrategy = .convertToSnakeCase
          $1.keyEncodingStrategy = .convertToSnakeCase
        })
    }
  }
}

/// A random `encode(to:)`: steps on numbered containers, the first being the value's object.
struct EncodeProgram: Encodable, CustomStringConvertible, Sendable {
  enum Step: Sendable {
    /// A number as member `key` (or the next element).
    case value(container: Int, key: String, Int)
    /// A nested object (or array when not `keyed`) as member `key`: the next container.
    case nested(container: Int, key: String, keyed: Bool)
    /// `try?` around a member whose encoding throws, having written something if `writesFirst`.
    case failing(container: Int, key: String, writesFirst: Bool)
    /// A super encoder's object for member `key` (`super` when nil): the next container.
    case superEncoder(container: Int, key: String?)
    /// A struct as member `key`.
    case model(container: Int, key: String)
  }

  var steps: [Step]

  var description: String { "\(steps)" }

  enum Handle {
    case keyed(KeyedEncodingContainer<AnyKey>)
    case unkeyed(any UnkeyedEncodingContainer)
  }

  func encode(to encoder: any Encoder) throws {
    var handles: [Handle] = [.keyed(encoder.container(keyedBy: AnyKey.self))]
    var supers: [any Encoder] = []
    for step in steps {
      switch step {
      case .value(let index, let key, let number):
        switch handles[index] {
        case .keyed(var container):
          try container.encode(number, forKey: AnyKey(key))
          handles[index] = .keyed(container)
        case .unkeyed(var container):
          try container.encode(number)
          handles[index] = .unkeyed(container)
        }
      case .nested(let index, let key, let keyed):
        switch handles[index] {
        case .keyed(var container):
          handles.append(
            keyed
              ? .keyed(container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key)))
              : .unkeyed(container.nestedUnkeyedContainer(forKey: AnyKey(key))))
          handles[index] = .keyed(container)
        case .unkeyed(var container):
          handles.append(
            keyed
              ? .keyed(container.nestedContainer(keyedBy: AnyKey.self))
              : .unkeyed(container.nestedUnkeyedContainer()))
          handles[index] = .unkeyed(container)
        }
      case .failing(let index, let key, let writesFirst):
        let value = EncoderOrderTests.Failing(writesFirst: writesFirst)
        switch handles[index] {
        case .keyed(var container):
          try? container.encode(value, forKey: AnyKey(key))
          handles[index] = .keyed(container)
        case .unkeyed(var container):
          try? container.encode(value)
          handles[index] = .unkeyed(container)
        }
      case .superEncoder(let index, let key):
        guard case .keyed(var container) = handles[index] else { continue }
        let encoder = key.map { container.superEncoder(forKey: AnyKey($0)) } ?? container.superEncoder()
        supers.append(encoder)
        handles.append(.keyed(encoder.container(keyedBy: AnyKey.self)))
        handles[index] = .keyed(container)
      case .model(let index, let key):
        let value = Inner(id: key.count, title: key)
        switch handles[index] {
        case .keyed(var container):
          try container.encode(value, forKey: AnyKey(key))
          handles[index] = .keyed(container)
        case .unkeyed(var container):
          try container.encode(value)
          handles[index] = .unkeyed(container)
        }
      }
    }
  }

  /// A program Foundation's encoder runs without stopping the process: a key that holds a
  /// value gets no container, a container kind is reopened only as itself, and a super
  /// encoder's key is used for nothing else (Foundation writes its value when it is released).
  /// Members that write something and then throw come only in programs that encode no
  /// struct: Foundation's encoder leaves the failed member's container behind and merges it
  /// into the next struct it encodes, even in a later element (`{"id":1,"key":1,"title":"c"}`),
  /// where Bindery leaves the failed member out.
  private enum Held: Equatable {
    case value, reserved
    /// A nested container: its number in `containers`.
    case object(Int), array(Int)
  }

  static func random(using rng: inout some RandomNumberGenerator) -> EncodeProgram {
    // Per JSON container: keyed or not, and what each key holds. A reopened container is one
    // container with several handles, which share what its keys hold.
    var containers: [(keyed: Bool, keys: [String: Held])] = [(true, [:])]
    // The container each handle writes to.
    var handles = [0]
    let names = ["a", "b", "someKey", "c"]
    var steps: [Step] = []
    let failuresWrite = Bool.random(using: &rng)
    for _ in 0..<Int.random(in: 1...14, using: &rng) {
      let index = Int.random(in: 0..<handles.count, using: &rng)
      let container = handles[index]
      let key = names[Int.random(in: 0..<names.count, using: &rng)]
      let keyed = containers[container].keyed
      let held = keyed ? containers[container].keys[key] : nil
      if held == .reserved { continue }
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<3:
        steps.append(.value(container: index, key: key, Int.random(in: 0..<100, using: &rng)))
        if keyed { containers[container].keys[key] = .value }
      case 3..<6:
        let object = Bool.random(using: &rng)
        switch held {
        case nil:
          containers.append((object, [:]))
          if keyed {
            let made = containers.count - 1
            containers[container].keys[key] = object ? .object(made) : .array(made)
          }
          handles.append(containers.count - 1)
        case .object(let reopened) where object: handles.append(reopened)
        case .array(let reopened) where !object: handles.append(reopened)
        default: continue
        }
        steps.append(.nested(container: index, key: key, keyed: object))
      case 6..<8:
        let writesFirst = failuresWrite && Bool.random(using: &rng)
        steps.append(.failing(container: index, key: key, writesFirst: writesFirst))
      case 8:
        guard keyed else { continue }
        let name = Bool.random(using: &rng) ? key : "super"
        guard containers[container].keys[name] == nil else { continue }
        steps.append(.superEncoder(container: index, key: name == "super" ? nil : name))
        containers[container].keys[name] = .reserved
        containers.append((true, [:]))
        handles.append(containers.count - 1)
      default:
        guard !failuresWrite else { continue }
        steps.append(.model(container: index, key: key))
        if keyed { containers[container].keys[key] = .value }
      }
    }
    return EncodeProgram(steps: steps)
  }
}

extension AnyKey {
  init(_ name: String) { self.init(stringValue: name) }
}
