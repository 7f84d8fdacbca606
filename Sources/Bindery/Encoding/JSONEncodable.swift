public import BinderyJSON

/// A type that can write itself as a JSON value.
public protocol JSONEncodable {
  /// Writes the value.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` for values JSON cannot hold.
  func encode(to json: JSONValueEncoder) throws

  /// For generated code: writes the value straight to compact JSON text, or returns `false` to
  /// give up (the default); the value is then written with ``encode(to:)``. See
  /// `DirectEncoding.swift`.
  @_documentation(visibility: private)
  func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool

  /// For generated code: whether ``_writeDirectly(to:)`` writes this type and every type it
  /// holds, `visiting` listing the models whose answer is being worked out (a model met again
  /// counts as yes: its other properties decide). False by default.
  @_documentation(visibility: private)
  static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool

  /// For generated code: ``_writesDirectly(visiting:)`` from the start, remembered where the
  /// type can keep it.
  @_documentation(visibility: private)
  static var _encodesDirectly: Bool { get }
}

extension JSONEncodable {
  /// Gives up: the value is written with ``encode(to:)``.
  @_documentation(visibility: private)
  @inlinable
  public func _writeDirectly(to writer: inout _JSONDirectWriter) -> Bool { false }

  /// No direct writing unless the conformance says so.
  @_documentation(visibility: private)
  @inlinable
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool { false }

  /// Works the answer out each time.
  @_documentation(visibility: private)
  @inlinable
  public static var _encodesDirectly: Bool {
    var visiting: [ObjectIdentifier] = []
    return _writesDirectly(visiting: &visiting)
  }
}
