import Bindery
import CommandArguments

/// The reading options every command accepts.
struct ReadingFlags {
  static let options: [CommandSpec.Option] = [
    .flag(
      "json5", help: "Accept JSON5 (comments, trailing commas, single quotes, unquoted keys, ...)."),
    .flag("allow-escaped-apostrophe", help: "Accept the \\' escape that Flickr's feeds send."),
    .flag("jsonp", help: "Accept a JSONP wrapper: callback( ... );"),
    .flag("allow-bom", help: "Skip a UTF-8 byte order mark."),
    .flag("allow-xssi-prefix", help: "Skip an anti-XSSI prefix: )]}'"),
    .option(
      "duplicate-keys", default: "first",
      help: "Which value a key repeated in one object keeps: first, last or reject."),
    .option(
      "max-depth", default: "512", help: "The deepest nesting of arrays and objects accepted."),
  ]

  var json5: Bool
  var options: JSONReadingOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json5 = arguments.flag("json5")
    options = JSONReadingOptions(
      allowsJSON5: json5,
      allowsEscapedApostrophe: arguments.flag("allow-escaped-apostrophe"),
      allowsJSONP: arguments.flag("jsonp"),
      allowsAntiXSSIPrefix: arguments.flag("allow-xssi-prefix"),
      allowsByteOrderMark: arguments.flag("allow-bom"),
      duplicateKeys: try arguments.choice("duplicate-keys", default: DuplicateKeys.first).policy,
      maxDepth: try arguments.integer("max-depth", default: 512, in: 1...Int.max))
  }
}

/// The values of `--duplicate-keys`.
enum DuplicateKeys: String, CaseIterable {
  case first, last, reject

  var policy: JSONReadingOptions.DuplicateKeyPolicy {
    switch self {
    case .first: .firstWins
    case .last: .lastWins
    case .reject: .reject
    }
  }
}
