import BinderyJSON
import BinderyTestSupport
import Testing

/// `JSONWriter.newKey(_:)`, which encoders use to keep one value per key: a key is new
/// exactly when the innermost object has no member with the same text.
@Suite("Writer: new keys")
struct WriterKeyTests {
  static let layouts: [JSONWritingOptions] = {
    var foundation = JSONWritingOptions(prettyPrinted: true)
    foundation.foundationLayout = true
    return [.compact, JSONWritingOptions(prettyPrinted: true), foundation]
  }()

  @Test(arguments: layouts)
  func keysDifferingInOneCharacterAreNew(options: JSONWritingOptions) throws {
    var writer = JSONWriter(options: options)
    try writer.beginObject()
    // One-character keys, keys that differ only in their last character, a prefix, a long key
    // and one that differs only in the middle: none is a repeat.
    let keys = [
      "w", "h", "id", "ie", "i", "id_str", "a_long_key_name_x", "a_long_key_name_y",
      "abcdefghXijklmnop", "abcdefghYijklmnop", "é", "e\u{301}",
    ]
    for key in keys {
      #expect(try writer.newKey(key), "\(key)")
      try writer.integer(Int64(1))
    }
    for key in keys {
      #expect(try !writer.newKey(key), "\(key) again")
    }
    // A nested object has keys of its own; its parent's are still there after it closes.
    #expect(try writer.newKey("child"))
    try writer.beginObject()
    #expect(try writer.newKey("w"))
    try writer.null()
    try writer.endObject()
    #expect(try !writer.newKey("child"))
    #expect(try !writer.newKey("w"))
    try writer.endObject()
    let text = String(decoding: try writer.takeFinished(), as: UTF8.self)
    let document = try JSONDocument(parsing: text)
    #expect(document.root.count == keys.count + 1)
  }

  /// Objects of one type written with one key order: keys in the order's sequence, keys
  /// beyond it (which extend it), a different order of the same keys, repeats in each state.
  @Test func keyOrdersAcrossObjects() throws {
    var writer = JSONWriter()
    let order = writer.makeKeyOrder()
    try writer.beginArray()
    func object(_ keys: [String], expected: [Bool]) throws {
      try writer.beginObject()
      for (key, isNew) in zip(keys, expected) {
        let written = try writer.newKey(key, order: order)
        #expect(written == isNew, "\(keys): \(key)")
        if isNew { try writer.integer(Int64(1)) }
      }
      try writer.endObject()
    }
    try object(["id", "name", "id", "url"], expected: [true, true, false, true])
    try object(["id", "name", "url", "extra", "name"], expected: [true, true, true, true, false])
    try object(["id", "name", "url", "extra"], expected: [true, true, true, true])
    // Out of the order's sequence: a repeat is still found, before and after the change.
    try object(
      ["name", "name", "id", "url", "id", "new"], expected: [true, false, true, true, false, true])
    try object(["id", "url", "name", "url", "extra"], expected: [true, true, true, false, true])
    // Canonically equivalent texts are different keys.
    try object(["\u{E9}", "e\u{301}", "\u{E9}"], expected: [true, true, false])
    try writer.endArray()
    let document = try JSONDocument(
      parsing: String(decoding: try writer.takeFinished(), as: UTF8.self))
    #expect(document.root.count == 6)
  }

  /// One object written with two orders (two container types), and an object inside an
  /// object of the same order.
  @Test func twoOrdersAndRecursion() throws {
    var writer = JSONWriter()
    let (first, second) = (writer.makeKeyOrder(), writer.makeKeyOrder())
    try writer.beginObject()
    #expect(try writer.newKey("a", order: first))
    try writer.beginObject()
    #expect(try writer.newKey("a", order: first))
    try writer.null()
    #expect(try writer.newKey("b", order: first))
    try writer.null()
    #expect(try !writer.newKey("a", order: first))
    try writer.endObject()
    #expect(try writer.newKey("b", order: first))
    try writer.null()
    #expect(try !writer.newKey("a", order: second))
    #expect(try writer.newKey("c", order: second))
    try writer.null()
    #expect(try !writer.newKey("b", order: first))
    #expect(try !writer.newKey("c", order: first))
    try writer.endObject()
    #expect(
      String(decoding: try writer.takeFinished(), as: UTF8.self)
        == #"{"a":{"a":null,"b":null},"b":null,"c":null}"#)
  }

  /// Random keys, orders, nesting and restored checkpoints against a plain list of each
  /// open object's keys.
  @Test func randomKeysAgainstAList() throws {
    var generator = SplitMix64(seed: 0x5EED)
    let names = [
      "id", "name", "url", "a", "b", "\u{E9}", "e\u{301}", "long_key_name_0", "long_key_name_1",
    ]
    for _ in 0..<200 {
      var writer = JSONWriter()
      let orders = [writer.makeKeyOrder(), writer.makeKeyOrder(), KeyOrder.none]
      var open: [[String]] = []
      var checkpoints: [(JSONWriter.Checkpoint, [[String]])] = []
      try writer.beginObject()
      open.append([])
      for _ in 0..<60 {
        let roll = generator.next() % 10
        if roll < 6 {
          let key = names[Int(generator.next() % UInt64(names.count))]
          let order = orders[Int(generator.next() % 3)]
          let expected = !open[open.count - 1].contains { $0.utf8.elementsEqual(key.utf8) }
          let written = try writer.newKey(key, order: order)
          #expect(written == expected)
          guard expected else { continue }
          open[open.count - 1].append(key)
          if roll < 2, open.count < 4 {
            try writer.beginObject()
            open.append([])
          } else {
            try writer.integer(Int64(roll))
          }
        } else if roll < 8, open.count > 1 {
          try writer.endObject()
          open.removeLast()
          checkpoints.removeAll { $0.0.depth > open.count }
        } else if roll == 8 {
          checkpoints.append((writer.checkpoint(), open))
        } else if let (checkpoint, keys) = checkpoints.popLast() {
          let restored = writer.restore(checkpoint)
          #expect(restored)
          open = keys
          checkpoints.removeAll { $0.0.depth > open.count }
        }
      }
      while writer.depth > 0 { try writer.endObject() }
      _ = try JSONDocument(parsing: String(decoding: try writer.takeFinished(), as: UTF8.self))
    }
  }

  /// Keys written through an order a second time are stored from the bytes kept for them:
  /// the output is the same as plain `key(_:)` calls give, under every option that changes
  /// how a key is written, for keys at the edges of the 16 bytes kept and keys to escape.
  @Test func keysFromAnOrderAreWrittenAsPlainKeys() throws {
    var slashes = JSONWritingOptions.compact
    slashes.escapesSlashes = true
    var ascii = JSONWritingOptions.compact
    ascii.asciiOnly = true
    var sorted = JSONWritingOptions(prettyPrinted: true)
    sorted.sortsKeys = true
    let names = [
      "", "a", "id", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "a/b", "q\"",
      "back\\slash", "tab\t", "\u{1}", "\u{7F}", "caf\u{E9}", "\u{2028}", "\u{1F600}",
      "profile_background_image_url_https",
    ]
    for options in Self.layouts + [slashes, ascii, sorted] {
      var ordered = JSONWriter(options: options)
      var plain = JSONWriter(options: options)
      let order = ordered.makeKeyOrder()
      try ordered.beginArray()
      try plain.beginArray()
      // The first object teaches the order its names; the others write them from it, once
      // with a name left out.
      for round in 0..<3 {
        try ordered.beginObject()
        try plain.beginObject()
        for (index, name) in names.enumerated() where round != 2 || index != 3 {
          #expect(try ordered.newKey(name, order: order))
          try plain.key(name)
          try ordered.integer(Int64(index))
          try plain.integer(Int64(index))
        }
        try ordered.endObject()
        try plain.endObject()
      }
      try ordered.endArray()
      try plain.endArray()
      let written = try ordered.takeFinished()
      #expect(written == (try plain.takeFinished()))
      _ = try JSONDocument(parsing: String(decoding: written, as: UTF8.self))
    }
  }
}
