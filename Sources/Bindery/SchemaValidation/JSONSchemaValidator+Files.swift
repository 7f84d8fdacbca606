public import BinderyJSON
import Foundation

extension JSONSchemaValidator {
  /// A loader that reads referenced schema documents from files: a URI that starts with one of
  /// `prefixes` from the folder it maps to (the rest of the URI naming the file below it), and
  /// a `file:` URI from its path. A document that cannot be read or is not JSON the options
  /// accept is not found, and the reference to it makes the schema invalid.
  ///
  /// ```swift
  /// let loader = JSONSchemaValidator.fileLoader(
  ///     mapping: ["https://example.com/schemas/": "/srv/schemas"])
  /// let validator = try JSONSchemaValidator(schema: schema, loader: loader)
  /// ```
  ///
  /// - Parameters:
  ///   - prefixes: Folders by the URI prefix whose documents they hold; the longest prefix that
  ///     matches is used.
  ///   - options: How to read the files.
  /// - Returns: The loader.
  public static func fileLoader(
    mapping prefixes: [String: String] = [:], options: JSONReadingOptions = .strict
  ) -> Loader {
    let ordered = prefixes.sorted { $0.key.count > $1.key.count }
    return { uri in
      var path: String?
      for (prefix, folder) in ordered where uri.hasPrefix(prefix) {
        path = folder + "/" + uri.dropFirst(prefix.count)
        break
      }
      if path == nil, uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL {
        path = url.path
      }
      guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
      return try? JSONValue(parsing: [UInt8](data), options: options)
    }
  }
}
