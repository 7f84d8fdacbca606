// Arrays of numbers written in one step: the elements' digits with one state and room check
// per run.
extension JSONWriter {
  /// Writes each double as an element of the innermost open array: the output and errors of
  /// ``double(_:)`` for each in turn, with one check of the state and the room per run of
  /// finite values in compact output.
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as ``double(_:)`` throws, at the failing element.
  package mutating func doubleElements(_ values: UnsafeBufferPointer<Double>)
    throws(JSONWriteError)
  {
    let foundation = options.foundationLayout
    try elements(
      values, room: 32, plain: { Self.isPlain($0, foundation: foundation) },
      put: ShortestDigits.writeNumber,
      one: { writer, value throws(JSONWriteError) in try writer.double(value) })
  }

  /// Whether ``double(_:)`` writes `value` as `ShortestDigits.writeNumber(_:to:)` does. In
  /// Foundation's layout, ±2^53 loses the `.0` that ``double(_:)`` takes back; every other
  /// finite value has the same text in both layouts.
  @inline(__always)
  static func isPlain(_ value: Double, foundation: Bool) -> Bool {
    value.isFinite && !(foundation && value.magnitude == 0x1p53)
  }

  /// Writes an array of doubles where a value is due: the output and errors of
  /// ``beginArray()``, ``doubleElements(_:)`` and ``endArray()``, in one step in compact output
  /// (see `leafArray`).
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as the three calls throw.
  package mutating func doubleArray(_ values: UnsafeBufferPointer<Double>) throws(JSONWriteError) {
    let foundation = options.foundationLayout
    try leafArray(
      values, room: 32, plain: { Self.isPlain($0, foundation: foundation) },
      put: ShortestDigits.writeNumber,
      elements: { writer, values throws(JSONWriteError) in try writer.doubleElements(values) })
  }

  /// Writes arrays of doubles as elements of the innermost open array, each as
  /// ``doubleArray(_:)`` writes it (GeoJSON's coordinate pairs, series of points).
  ///
  /// - Parameter arrays: The elements, each an array.
  /// - Throws: ``JSONWriteError`` as ``doubleArray(_:)`` throws, at the failing element.
  package mutating func doubleArrayElements(_ arrays: UnsafeBufferPointer<[Double]>)
    throws(JSONWriteError)
  {
    for array in arrays {
      try array.withUnsafeBufferPointer { values throws(JSONWriteError) in
        try doubleArray(values)
      }
    }
  }

  /// Writes an array of integers where a value is due: the output and errors of
  /// ``beginArray()``, ``integerElements(_:)`` and ``endArray()``, in one step in compact output
  /// (see `leafArray`).
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as the three calls throw.
  package mutating func integerArray(_ values: UnsafeBufferPointer<Int>) throws(JSONWriteError) {
    try leafArray(
      values, room: 21, plain: { _ in true },
      put: Self.putInt,
      elements: { writer, values throws(JSONWriteError) in try writer.integerElements(values) })
  }

  /// Writes an array of numbers where a value is due. In compact output, an array of up to 64
  /// elements within the depth limit whose elements `plain` all accepts is written in one step,
  /// with no frame of its own: nothing can fail inside it, so no error or encoder can see it
  /// open (`put` writes one element at a pointer with `room` bytes and returns how many).
  /// Otherwise ``beginArray()``, `elements` (which writes long arrays in runs) and
  /// ``endArray()`` write it, so that the room reserved stays small.
  @inline(__always)
  mutating func leafArray<Element>(
    _ values: UnsafeBufferPointer<Element>, room: Int, plain: (Element) -> Bool,
    put: (Element, UnsafeMutablePointer<UInt8>) -> Int,
    elements: (inout JSONWriter, UnsafeBufferPointer<Element>) throws(JSONWriteError) -> Void
  ) throws(JSONWriteError) {
    guard writesWhole(values, plain: plain) else {
      try beginArray()
      try elements(&self, values)
      try endArray()
      return
    }
    let lead = try beginValue()
    valuesBegun &+= values.count
    // The lead, the brackets, and each element in at most `room` bytes and its comma.
    append(reserving: lead.count &+ 2 &+ values.count &* (room &+ 1)) { output in
      let written = lead.write(to: output)
      return written &+ Self.putArray(values, to: output + written, put: put)
    }
  }

  /// Writes `values` at `output` as a whole array, brackets included, each element by `put`;
  /// returns how many bytes.
  @inline(__always)
  static func putArray<Element>(
    _ values: UnsafeBufferPointer<Element>, to output: UnsafeMutablePointer<UInt8>,
    put: (Element, UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    output[0] = UInt8(ascii: "[")
    let written = 1 &+ putElements(values, values.indices, comma: false, to: output + 1, put: put)
    output[written] = UInt8(ascii: "]")
    return written &+ 1
  }

  /// Writes an `Int` element's digits at `output`; returns how many bytes.
  @inline(__always)
  static func putInt(_ value: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
    putInteger(UInt64(value.magnitude), negative: value < 0, to: output)
  }

  /// Whether an array of numbers due here goes out in one step (see `leafArray`): compact
  /// output, at most 64 elements, within the depth limit, and every element one that `plain`
  /// accepts.
  @inline(__always)
  func writesWhole<Element>(
    _ values: UnsafeBufferPointer<Element>, plain: (Element) -> Bool
  ) -> Bool {
    values.count <= 64 && !options.prettyPrinted && depth < options.maxDepth
      && values.allSatisfy(plain)
  }

  /// Writes each integer as an element of the innermost open array: the output and errors of
  /// ``integer(_:)-(Int64)`` for each in turn, with one check of the state and the room per
  /// run in compact output.
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as ``integer(_:)-(Int64)`` throws.
  package mutating func integerElements(_ values: UnsafeBufferPointer<Int>)
    throws(JSONWriteError)
  {
    try elements(
      values, room: 21, plain: { _ in true },
      put: Self.putInt,
      one: { writer, value throws(JSONWriteError) in try writer.integer(Int64(value)) })
  }

  /// Writes elements of the innermost open array. In compact output, a run of up to 64
  /// elements that `plain` accepts is written in one step: `put` writes one at a pointer with
  /// `room` bytes and returns how many it wrote. Anything else goes through `one`, the
  /// element's own method, which checks the state, throws or writes the options' layout.
  @inline(__always)
  mutating func elements<Element>(
    _ values: UnsafeBufferPointer<Element>, room: Int, plain: (Element) -> Bool,
    put: (Element, UnsafeMutablePointer<UInt8>) -> Int,
    one: (inout JSONWriter, Element) throws(JSONWriteError) -> Void
  ) throws(JSONWriteError) {
    let batched = depth > 0 && !top.isObject && !options.prettyPrinted
    var index = values.startIndex
    while index < values.endIndex {
      guard batched, plain(values[index]) else {
        try one(&self, values[index])
        index &+= 1
        continue
      }
      let start = index
      let limit = Swift.min(values.endIndex, start &+ 64)
      index &+= 1
      while index < limit, plain(values[index]) { index &+= 1 }
      let run = index &- start
      let first = top.count == 0
      top.count &+= run
      valuesBegun &+= run
      // Every element starts with `room` bytes left: each takes at most `room` and its comma.
      append(reserving: run &* (room &+ 1)) { output in
        Self.putElements(values, start..<(start &+ run), comma: !first, to: output, put: put)
      }
    }
  }

  /// Writes `values[range]` at `output` with a comma between each two (and before the first
  /// when `comma` is true), each by `put`, and returns how many bytes.
  @inline(__always)
  static func putElements<Element>(
    _ values: UnsafeBufferPointer<Element>, _ range: Range<Int>, comma: Bool,
    to output: UnsafeMutablePointer<UInt8>, put: (Element, UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    var written = 0
    for position in range {
      if position != range.lowerBound || comma {
        output[written] = UInt8(ascii: ",")
        written &+= 1
      }
      written &+= put(values[position], output + written)
    }
    return written
  }
}
