public import BinderyJSON
public import Foundation

// The standard types' direct writes (see `Encoding/DirectEncoding.swift`): each writes the text
// its `encode(to:)` writes with the options the fast path runs under, and gives up on anything
// else.

extension String {
  /// Writes the string.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    writer.string(self)
    return true
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { true }
}

extension Bool {
  /// Writes `true` or `false`.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    writer.bool(self)
    return true
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { true }
}

extension Double {
  /// Writes a finite number; gives up on infinities and NaN, which the options decide.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    writer.double(self)
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { true }
}

extension _JSONInteger {
  /// Writes an integer of up to 64 bits; gives up on wider values.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    if let small = Int64(exactly: self) {
      writer.integer(small)
    } else if let small = UInt64(exactly: self) {
      writer.integer(small)
    } else {
      return false
    }
    return true
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { true }
}

extension URL {
  /// Writes the absolute string.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    writer.string(absoluteString)
    return true
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { true }
}

extension UUID {
  /// Writes the UUID's 36-character string.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    writer.string(uuidString)
    return true
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { true }
}

extension Optional where Wrapped: JSONEncodable {
  /// Writes `nil` as `null`, anything else as the wrapped value.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    guard let self else {
      writer.null()
      return true
    }
    return self._writeDirectly(to: &writer)
  }

  /// When the wrapped type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool {
    Wrapped._writesDirectly(visiting: &visiting)
  }

  /// When the wrapped type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { Wrapped._encodesDirectly }
}

extension Array where Element: JSONEncodable {
  /// Writes a JSON array.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    // Doubles go to the writer whole (a test specialised code settles when it is compiled).
    if Element.self == Double.self {
      return writer.doubleArray(identityCast(self, toArrayOf: Double.self))
    }
    guard writer.beginArray() else { return false }
    // Each element is reached in place, as an `inout` argument that is never written: an
    // element read through a subscript or an iterator is copied out first (retaining every
    // reference a model holds, and releasing them after), because the calls that write it
    // could, as far as the compiler knows, change the memory it was read from. An `inout`
    // argument is known to be exclusive, so none of that happens. `writeInPlace` only reads
    // the element, the pointer is used only inside the closure, and nothing changes the
    // array while it runs.
    let written = withUnsafeBufferPointer { elements in
      guard let first = elements.baseAddress else { return true }
      let element = UnsafeMutablePointer(mutating: first)
      for index in 0..<elements.count {
        writer.element()
        guard Self.writeInPlace(&element[index], to: &writer) else { return false }
      }
      return true
    }
    guard written else { return false }
    writer.endArray()
    return true
  }

  /// Writes an element reached in place; see ``_writeDirectly(to:)``. Never changes it.
  @inlinable @inline(__always)
  static func writeInPlace(_ element: inout Element, to writer: inout _JSONDirectWriter) -> Bool {
    element._writeDirectly(to: &writer)
  }

  /// When the element type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool {
    Element._writesDirectly(visiting: &visiting)
  }

  /// When the element type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { Element._encodesDirectly }
}

extension Set where Element: JSONEncodable {
  /// Writes a JSON array, in the set's iteration order.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    guard writer.beginArray() else { return false }
    for element in self {
      writer.element()
      guard element._writeDirectly(to: &writer) else { return false }
    }
    writer.endArray()
    return true
  }

  /// When the element type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool {
    Element._writesDirectly(visiting: &visiting)
  }

  /// When the element type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { Element._encodesDirectly }
}

extension Dictionary where Key == String, Value: JSONEncodable {
  /// Writes a JSON object, members in key order as `encode(to:)` writes them.
  @_documentation(visibility: private)
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool {
    guard writer.beginObject() else { return false }
    for key in sortedKeys {
      guard let value = self[key] else { continue }
      writer.key(key)
      guard value._writeDirectly(to: &writer) else { return false }
    }
    writer.endObject()
    return true
  }

  /// When the value type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool {
    Value._writesDirectly(visiting: &visiting)
  }

  /// When the value type writes directly.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool { Value._encodesDirectly }
}
