// Keys written once per object: each object's keys checked against the key order of its type
// (a bit per known name), and against a set of its keys once they leave the order.
extension JSONWriter {
  /// A new key order: for an encoder to pass to ``newKey(_:order:)`` with every key of the
  /// objects of one type, whose keys usually come in the same order, some left out.
  ///
  /// - Parameter names: The names the order starts with: those another writer's order for
  ///   the type ended with (see ``keyOrderNames(_:)``), so distinct and at most 64.
  /// - Returns: The order, or ``KeyOrder/none`` once this writer has 64 (keys are then
  ///   checked by a hash set).
  package mutating func makeKeyOrder(startingWith names: [String] = []) -> Int {
    guard keyOrders.count < 64 else { return KeyOrder.none }
    // A repeated name would let a repeated key through: checked in debug builds (it costs as
    // much as learning the names again).
    assert(names.count <= 64)
    assert(
      names.indices.allSatisfy { index in
        !names[..<index].contains { ExactText.same($0, names[index]) }
      })
    var order = names
    if order.isEmpty { order.reserveCapacity(16) }
    keyOrders.append(order)
    keyTexts.append(names.map(shortText))
    return keyOrders.count - 1
  }

  /// The names a key order has met so far, in its order. (Mutating only so that callers reach
  /// the writer in place rather than copying it.)
  package mutating func keyOrderNames(_ order: Int) -> [String] {
    keyOrders.indices.contains(order) ? keyOrders[order] : []
  }

  /// Writes an object member's key unless the innermost object already has it; for encoders
  /// that must not write a key twice. Only keys written by this method are remembered, so an
  /// object's keys should all be written by it.
  ///
  /// An order is a list of distinct names, the keys met in objects of one type, in the order
  /// first met (up to 64). An object's keys are marked by their positions in it, so a key is
  /// new when its position is unmarked; finding the position is one comparison when the keys
  /// come in the order's sequence, as a type's encoding writes them, with optional members
  /// left out. Objects whose keys are not all in their order keep a hash set of their keys.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - order: A key order from ``makeKeyOrder()``, the same for the objects of one type, or
  ///     ``KeyOrder/none``.
  /// - Returns: `false`, having written nothing, when the object already has the key.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` outside an object or where a value is due.
  package mutating func newKey(_ key: String, order: Int = KeyOrder.none) throws(JSONWriteError)
    -> Bool
  {
    let position = Int(top.nextPosition)
    // An object's first key takes the order it is written with.
    if order >= 0, depth > 0, top.isObject, !top.expectsValue,
      Int(top.keyOrder) == order || (top.count == 0 && Int(top.keyOrder) == KeyOrder.none),
      position < keyOrders[order].count,
      ExactText.identical(keyOrders[order][position], key),
      top.keyBits & (1 &<< UInt64(position)) == 0
    {
      let known = keyTexts[order][position]
      if known.count > 0, writesCompactKeys {
        writeCompactKey(known)
      } else {
        writeKeyOutOfLine(key, known: known)
      }
      top.keyOrder = Int8(truncatingIfNeeded: order)
      top.keyBits |= 1 &<< UInt64(position)
      top.nextPosition = UInt8(truncatingIfNeeded: position &+ 1)
      return true
    }
    return try newKeySlowly(key, order: order)
  }

  /// ``newKey(_:order:)`` when the key is not the order's next name.
  @inline(never)
  mutating func newKeySlowly(_ key: String, order: Int) throws(JSONWriteError) -> Bool {
    guard depth > 0, top.isObject, !top.expectsValue else {
      throw failure(.invalidState, "key '\(key)' written where no key is expected")
    }
    if top.keyOrder == KeyOrder.none {
      if top.count == 0, order >= 0 {
        top.keyOrder = Int8(truncatingIfNeeded: order)
      } else {
        // Keys written by `key(_:)` before are not known.
        beginKeySet()
      }
    } else if top.keyOrder >= 0, Int(top.keyOrder) != order {
      // Another container type writing into the same object.
      beginKeySet()
    }
    if top.keyOrder >= 0 {
      let current = Int(top.keyOrder)
      let count = keyOrders[current].count
      // From the expected position on, then from the start: a type's keys usually come in
      // its order with a few optional ones left out.
      var position: Int? = nil
      var index = Int(top.nextPosition)
      for _ in 0..<count {
        if index == count { index = 0 }
        if ExactText.same(keyOrders[current][index], key) {
          position = index
          break
        }
        index &+= 1
      }
      if position == nil, count < 64 {
        // A name the order has not met: it goes at the end.
        keyOrders[current].append(key)
        keyTexts[current].append(shortText(key))
        position = count
      }
      if let position {
        let bit: UInt64 = 1 &<< UInt64(position)
        if top.keyBits & bit != 0 { return false }
        try self.key(key)
        top.keyBits |= bit
        top.nextPosition = UInt8(truncatingIfNeeded: position &+ 1)
        return true
      }
      beginKeySet()
    }
    let last = keySets.count - 1
    let text = ExactText(key)
    if keySets[last][text] != nil { return false }
    keySets[last][text] = top.count
    try self.key(key)
    return true
  }

  /// Moves the innermost object to a hash set of its keys: those its order marks.
  mutating func beginKeySet() {
    var set: [ExactText: Int] = [:]
    if top.keyOrder >= 0 {
      let names = keyOrders[Int(top.keyOrder)]
      var bits = top.keyBits
      var count = 0
      while bits != 0 {
        set[ExactText(names[bits.trailingZeroBitCount])] = count
        count += 1
        bits &= bits &- 1
      }
    }
    keySets.append(set)
    top.keyOrder = KeyOrder.keySet
  }
}
