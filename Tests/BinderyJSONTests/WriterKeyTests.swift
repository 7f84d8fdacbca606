import BinderyJSON
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
}
