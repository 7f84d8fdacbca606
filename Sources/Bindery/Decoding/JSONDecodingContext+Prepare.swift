public import BinderyJSON
import Foundation

/// A decode ready to run: its context and the decoder of the value to read.
@usableFromInline
struct PreparedDecode {
  @usableFromInline let context: JSONDecodingContext
  @usableFromInline let root: JSONValueDecoder
}

extension JSONDecodingContext {
  /// Parses the input and finds the value to decode: the part of a decode that does not depend
  /// on the type.
  @usableFromInline
  static func prepare(input: some JSONInput, at path: String?, options: JSONDecodingOptions)
    throws(JSONDecodingError) -> PreparedDecode
  {
    let document: JSONDocument
    do {
      document = try input.jsonDocument(options: options.reading)
    } catch {
      throw JSONDecodingError(problems: [JSONDecodingProblem(readError: error)])
    }
    return try prepare(document: document, at: path, options: options)
  }

  /// Finds the value to decode in a parsed document.
  @usableFromInline
  static func prepare(document: JSONDocument, at path: String?, options: JSONDecodingOptions)
    throws(JSONDecodingError) -> PreparedDecode
  {
    let context = JSONDecodingContext(document: document, options: options)
    var index = 0
    if let path {
      do {
        index = try document.root.cursor(at: try JSONPath(parsing: path)).index
      } catch {
        // The read error has the position when there is text of the user's (none for
        // objects), and the path of the step that failed.
        throw JSONDecodingError(problems: [
          JSONDecodingProblem(
            kind: .resultNotFound, path: error.path ?? JSONPath(), location: error.location,
            expected: "a value at '\(path)'", found: error.message, cause: error)
        ])
      }
    }
    let scope = JSONDecodingScope(
      coercesValues: options.coercesValues, lossy: options.lossyCollections)
    return PreparedDecode(
      context: context, root: JSONValueDecoder(context: context, index: index, scope: scope))
  }

  /// The error that ends a failed decode: every problem and warning recorded.
  @usableFromInline
  func failure() -> JSONDecodingError {
    JSONDecodingError(problems: problems, warnings: warnings)
  }
}
