/// The room an export starts with: the output size of the last export of the same type on this
/// thread, so that an app writing the same kind of response again and again makes its output
/// buffer once, at the right size, instead of growing (and copying) it from a small one.
///
/// Kept per thread (in its `ThreadScratch`), in a table of eight slots by type: no lock, and a
/// type that shares its slot with another only loses its hint.
enum OutputSizeHint {
  /// The room used when no export of the type is remembered.
  static let initial = 256

  /// The room to start an export of `type` with.
  static func capacity(for type: Any.Type) -> Int {
    guard let scratch = ThreadScratch.current() else { return initial }
    let (key, slot) = place(type)
    guard scratch.pointee.outputTypes[slot] == key else { return initial }
    let size = Int(truncatingIfNeeded: scratch.pointee.outputSizes[slot])
    // A little more than last time, so that a slightly longer output fits too.
    return size &+ size / 16 &+ 64
  }

  /// Remembers the output size of an export of `type`.
  static func record(_ size: Int, for type: Any.Type) {
    guard let scratch = ThreadScratch.current() else { return }
    let (key, slot) = place(type)
    scratch.pointee.outputTypes[slot] = key
    scratch.pointee.outputSizes[slot] = UInt64(truncatingIfNeeded: size)
  }

  /// A type's identity, and its slot in the table.
  private static func place(_ type: Any.Type) -> (key: UInt64, slot: Int) {
    let key = UInt64(UInt(bitPattern: ObjectIdentifier(type)))
    return (key, Int(truncatingIfNeeded: ((key &>> 4) ^ (key &>> 9)) & 7))
  }
}
