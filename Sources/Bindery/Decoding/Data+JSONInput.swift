public import BinderyJSON
public import Foundation

extension Data: JSONInput {
  /// Parses the data's bytes.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: `JSONReadError`.
  public func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try JSONDocument(parsing: Array(self), options: options)
  }

  /// The data's bytes.
  @_documentation(visibility: private)
  public func _withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    withUnsafeBytes { raw in raw.withMemoryRebound(to: UInt8.self) { body($0) } }
  }
}
