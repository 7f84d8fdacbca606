/// The keys a model reads from its object, known before any JSON arrives, so that one pass over
/// an object finds every member the model needs.
///
/// `@JSONModel` initializers keep one table per model type (in `Bindery`'s `_JSONModelKeys`)
/// and name each key by its position in it. Without the table a model asks for its keys one by
/// one, and each search must also prove that the object repeats no key; with it, every member
/// is matched once, in input order, and a repeated key simply follows the document's
/// ``JSONReadingOptions/duplicateKeys`` policy.
///
/// A table is immutable once made and safe to share between threads.
package final class JSONKeyTable: @unchecked Sendable {
  // @unchecked: the buffers below are written only in `init` and freed in `deinit`.

  /// The keys, in the order given.
  package let keys: [String]
  /// Every key's UTF-8, one after another, then eight bytes of padding: a short key is
  /// compared as one masked eight-byte load.
  private let bytes: UnsafeMutablePointer<UInt8>
  /// Where each key starts in `bytes`, and its length.
  private let starts: UnsafeMutablePointer<Int>
  private let lengths: UnsafeMutablePointer<Int>
  /// Whether each key is written in JSON as its bytes between quotes: no quote, backslash or
  /// control byte to escape.
  private let plain: [Bool]
  /// The keys' positions by fingerprint.
  private let slotMemory: UnsafeMutablePointer<UInt32>
  private let slots: FingerprintSlots

  /// Makes a table of distinct keys; a repeated key keeps its first position.
  ///
  /// - Parameter keys: The keys, as the model's initializer will name them.
  package init(_ keys: [String]) {
    self.keys = keys
    self.count = keys.count
    plain = keys.map { key in
      key.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
    let total = keys.reduce(0) { $0 + $1.utf8.count }
    bytes = .allocate(capacity: total + 8)
    bytes.initialize(repeating: 0, count: total + 8)
    starts = .allocate(capacity: max(keys.count, 1))
    lengths = .allocate(capacity: max(keys.count, 1))
    let capacity = FingerprintSlots.capacity(for: keys.count)
    slotMemory = .allocate(capacity: capacity)
    slots = FingerprintSlots(slotMemory, capacity: capacity)
    var offset = 0
    for (index, key) in keys.enumerated() {
      starts[index] = offset
      lengths[index] = key.utf8.count
      for byte in key.utf8 {
        bytes[offset] = byte
        offset += 1
      }
    }
    for index in keys.indices {
      let start = bytes + starts[index]
      let length = lengths[index]
      _ = slots.insert(index, keyFingerprint(start, length)) {
        self.matches($0, start, length, readable: false)
      }
    }
  }

  deinit {
    bytes.deallocate()
    starts.deallocate()
    lengths.deallocate()
    slotMemory.deallocate()
  }

  /// The number of keys.
  package let count: Int

  /// The position of `key` in the table.
  ///
  /// - Parameter key: A key.
  /// - Returns: Its position, or `nil` when the table does not hold it.
  package func index(of key: String) -> Int? {
    var key = key
    let found = key.withUTF8 { find($0) }
    return found >= 0 ? found : nil
  }

  /// True when the key at `index` is exactly the `length` bytes at `key`, of which the eight
  /// from `key` on may be read when `readable` says so: a short key then costs one comparison.
  @inline(__always)
  func matches(_ index: Int, _ key: UnsafePointer<UInt8>, _ length: Int, readable: Bool) -> Bool {
    guard lengths[index] == length else { return false }
    let stored = UnsafeRawPointer(bytes + starts[index])
    let given = UnsafeRawPointer(key)
    if length >= 8 {
      // Whole words, then the last eight bytes (overlapping the words before when the length
      // is not a multiple of eight).
      var i = 0
      while i &+ 8 < length {
        if given.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          != stored.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        {
          return false
        }
        i &+= 8
      }
      return given.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        == stored.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
    }
    guard readable else { return memcmpEqual(bytes + starts[index], key, length) }
    // The first byte in the lowest bits on every platform, so the mask keeps `length` bytes.
    let mask: UInt64 = length == 0 ? 0 : ~0 >> (64 &- 8 &* UInt64(length))
    let difference =
      UInt64(littleEndian: given.loadUnaligned(as: UInt64.self))
      ^ UInt64(littleEndian: stored.loadUnaligned(as: UInt64.self))
    return difference & mask == 0
  }

  /// The length of the key at `index` when the `available` bytes at `text` start with the key
  /// and then a quote, with the key a plain JSON string (no quote, backslash or control
  /// byte): a key in JSON text read without scanning it first. Nil otherwise.
  @inline(__always)
  func quotedMatch(_ index: Int, at text: UnsafePointer<UInt8>, available: Int) -> Int? {
    let length = lengths[index]
    guard plain[index], available > length, text[length] == UInt8(ascii: "\""),
      matches(index, text, length, readable: available >= 8)
    else { return nil }
    return length
  }

  /// The position of `key`, or -1 when the table does not hold it.
  func find(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    // An empty buffer may have no address; the table's own bytes stand in for it.
    let start = key.baseAddress ?? UnsafePointer(bytes)
    let length = key.count
    return slots.find(keyFingerprint(start, length)) {
      matches($0, start, length, readable: false)
    }
  }
}
