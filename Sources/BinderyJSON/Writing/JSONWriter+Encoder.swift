// What an encoder that builds containers in any order needs of the writer: the open containers'
// counts, kinds and serials, taking a container back out, checkpoints to undo a failed member,
// and starting again with what was learned.
extension JSONWriter {
  /// A serial no container gets: it orders an event after every container opened so far and
  /// before every container opened later.
  package mutating func takeSerial() -> Int {
    defer { nextSerial &+= 1 }
    return nextSerial
  }

  /// A field of the open container at `depth` (1 is the outermost), or `absent` if fewer
  /// are open.
  @inline(__always)
  func field<T>(atDepth depth: Int, _ field: KeyPath<Frame, T>, absent: T) -> T {
    if depth == self.depth { return top[keyPath: field] }
    guard depth > 0, depth < self.depth else { return absent }
    return outer[depth &- 1][keyPath: field]
  }

  /// How many members or elements the open container at `depth` has; 0 if fewer are open.
  package func count(atDepth depth: Int) -> Int { field(atDepth: depth, \.count, absent: 0) }

  /// Whether the open container at `depth` is an object; false if fewer are open.
  package func isObject(atDepth depth: Int) -> Bool {
    field(atDepth: depth, \.isObject, absent: false)
  }

  /// True when the innermost open container is an object.
  package var isInnermostObject: Bool { depth > 0 && top.isObject }

  /// Ends the innermost open container, whichever kind it is.
  package mutating func closeInnermost() throws(JSONWriteError) {
    if isInnermostObject { try endObject() } else { try endArray() }
  }

  /// The serial of the open container at `depth` (1 is the outermost), or -1 if fewer are open.
  /// Every container a writer opens gets a serial of its own.
  package func serial(atDepth depth: Int) -> Int {
    field(atDepth: depth, \.serial, absent: -1)
  }

  /// Ends the innermost container and takes it back out of the output: the writer is left
  /// expecting a value where the container began, as if it had never been opened.
  ///
  /// - Returns: The container's text, as it would have stayed in the output.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if no container is open or an object's last
  ///   key has no value.
  package mutating func detachInnermost() throws(JSONWriteError) -> [UInt8] {
    guard depth > 0 else { throw failure(.invalidState, "no open container to detach") }
    let frame = top
    try closeInnermost()
    let text = Array(
      storage[frame.leadStart..<length].drop {
        $0 != (frame.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
      })
    length = frame.leadStart
    valuesBegun = frame.valuesBefore
    if depth == 0 {
      wroteTopLevel = false
    } else if top.isObject {
      top.expectsValue = true
    } else {
      top.count &-= 1
    }
    return text
  }

  /// The writer's state before a value, for ``restore(_:)`` to go back to.
  package struct Checkpoint {
    let top: Frame
    /// The depth of the container the checkpoint was taken in.
    package let depth: Int
    let length: Int
    let valuesBegun: Int
    let wroteTopLevel: Bool
    let sortedCount: Int
    let keySetCount: Int
  }

  /// The state to go back to if the value about to be written fails.
  ///
  /// Mutating only so that callers reach the writer in place: a getter on a writer held
  /// behind an accessor made a copy of the whole writer.
  package mutating func checkpoint() -> Checkpoint {
    Checkpoint(
      top: top, depth: depth, length: length, valuesBegun: valuesBegun,
      wroteTopLevel: wroteTopLevel,
      sortedCount: options.sortsKeys && depth > 0 ? sortedMembers[depth - 1].count : 0,
      keySetCount: keySets.count)
  }

  /// Goes back to a checkpoint taken in the same container, dropping what was written since.
  ///
  /// - Parameter checkpoint: A checkpoint of this writer.
  /// - Returns: `false`, changing nothing, if the container of the checkpoint has been closed.
  package mutating func restore(_ checkpoint: Checkpoint) -> Bool {
    let stillOpen =
      checkpoint.depth == 0
      || (depth >= checkpoint.depth
        && serial(atDepth: checkpoint.depth) == checkpoint.top.serial)
    guard stillOpen else { return false }
    if depth > checkpoint.depth {
      // `sortedMembers` holds one list for each open container.
      if options.sortsKeys { sortedMembers.removeLast(depth - checkpoint.depth) }
    }
    depth = checkpoint.depth
    top = checkpoint.top
    innermostSerial = depth > 0 ? top.serial : 0
    length = checkpoint.length
    valuesBegun = checkpoint.valuesBegun
    wroteTopLevel = checkpoint.wroteTopLevel
    // Only the checkpoint's container and deeper ones can have begun a key set since, and
    // those are gone or back to their state then; keys added to the container's own set
    // since were added at its count then or later.
    keySets.removeLast(keySets.count - checkpoint.keySetCount)
    if depth > 0, top.keyOrder == KeyOrder.keySet {
      let count = top.count
      keySets[keySets.count - 1] = keySets[keySets.count - 1].filter { $0.value < count }
    }
    if options.sortsKeys, depth > 0 {
      let members = sortedMembers[depth - 1].count
      sortedMembers[depth - 1].removeLast(members - checkpoint.sortedCount)
    }
    return true
  }

  /// The path from the top-level value to the innermost open container: for each open
  /// container but the innermost, the key or index of the member holding the next one.
  package var openPath: [JSONPath.Component] {
    guard depth > 1 else { return [] }
    return outer[..<(depth - 1)].compactMap(memberComponent)
  }

  /// Starts another document with this writer, keeping the key orders met so far: for an
  /// encoder that writes many documents of the same types. Call after ``takeFinished()``.
  ///
  /// - Parameter capacity: The bytes to make room for at once (the size of the last output).
  package mutating func restart(capacity: Int) {
    top = Frame(isObject: false)
    outer.removeAll(keepingCapacity: true)
    sortedMembers.removeAll(keepingCapacity: true)
    keySets.removeAll(keepingCapacity: true)
    nextSerial = 1
    wroteTopLevel = false
    valuesBegun = 0
    depth = 0
    innermostSerial = 0
    length = 0
    // Writes reserve a few bytes beyond what they write: a little room so that the same output
    // again does not grow the buffer at its last bytes. A buffer kept from the last output
    // (see ``withFinished(_:)``) is used again when it has that room and not far more.
    let room = Swift.max(256, capacity &+ capacity / 16 &+ 64)
    if storage.count < room || Self.hasFarMoreRoom(storage.count, than: room) {
      storage = []
      grow(toFit: room)
    }
  }
}
