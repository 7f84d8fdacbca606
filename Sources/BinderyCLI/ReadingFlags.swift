import ArgumentParser
import Bindery

/// The reading options every command accepts.
struct ReadingFlags: ParsableArguments {
  @Flag(help: "Accept JSON5 (comments, trailing commas, single quotes, unquoted keys, ...).")
  var json5 = false

  @Flag(help: "Accept the \\' escape that Flickr's feeds send.")
  var allowEscapedApostrophe = false

  @Flag(help: "Accept a JSONP wrapper: callback( ... );")
  var jsonp = false

  @Flag(help: "Skip a UTF-8 byte order mark.")
  var allowBom = false

  @Flag(help: "Skip an anti-XSSI prefix: )]}'")
  var allowXssiPrefix = false

  @Option(help: "Which value a key repeated in one object keeps: first, last or reject.")
  var duplicateKeys: DuplicateKeys = .first

  @Option(help: "The deepest nesting of arrays and objects accepted.")
  var maxDepth = 512

  func validate() throws {
    guard maxDepth >= 1 else { throw ValidationError("--max-depth must be at least 1") }
  }

  var options: JSONReadingOptions {
    JSONReadingOptions(
      allowsJSON5: json5,
      allowsEscapedApostrophe: allowEscapedApostrophe,
      allowsJSONP: jsonp,
      allowsAntiXSSIPrefix: allowXssiPrefix,
      allowsByteOrderMark: allowBom,
      duplicateKeys: duplicateKeys.policy,
      maxDepth: maxDepth)
  }
}

/// The values of `--duplicate-keys`.
enum DuplicateKeys: String, ExpressibleByArgument, CaseIterable {
  case first, last, reject

  var policy: JSONReadingOptions.DuplicateKeyPolicy {
    switch self {
    case .first: .firstWins
    case .last: .lastWins
    case .reject: .reject
    }
  }
}
