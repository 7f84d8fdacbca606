/// How strictly ``JSONDocument`` reads its input.
///
/// The default is exactly RFC 8259. Each leniency is its own switch, and any combination works:
///
/// ```swift
/// var options = JSONReadingOptions.allowEscapedApostrophe  // Flickr's feeds send \'
/// options.allowsJSONP = true                                // jsonFlickrFeed({ ... })
/// let document = try JSONDocument(parsing: bytes, options: options)
/// ```
public struct JSONReadingOptions: Sendable, Hashable {
  /// What to do with bytes that are not valid UTF-8 inside strings.
  public enum InvalidUnicodePolicy: Sendable, Hashable {
    /// Reject them with ``JSONReadError/Kind/invalidUTF8``.
    case reject
    /// Replace each invalid sequence, and each lone surrogate escape, with U+FFFD.
    case replace
  }

  /// What to do when one object holds the same key more than once.
  ///
  /// Every way of reading follows the one policy of the document: member lookups, cursors,
  /// ``JSONValue`` objects, dictionaries, models and their unknown keys, and the Codable
  /// decoder. The default, ``firstWins``, is what Foundation's `JSONDecoder` does, so a type
  /// reads the same values whichever decoder runs it.
  public enum DuplicateKeyPolicy: Sendable, Hashable {
    /// The last member with the key is the one read (JavaScript's and `JSONSerialization`'s
    /// rule).
    case lastWins
    /// The first member with the key is the one read (`JSONDecoder`'s rule); the default.
    case firstWins
    /// Reading fails with ``JSONReadError/Kind/duplicateKey``.
    case reject

    /// Whether a later member with a key replaces an earlier one: the single place the policy
    /// is turned into a choice. (Under ``reject`` no key repeats.)
    package var laterMemberWins: Bool { self == .lastWins }
  }

  /// Accept JSON5: comments, trailing commas, single-quoted strings, unquoted keys,
  /// hexadecimal numbers, leading or trailing decimal points, `+` signs, `Infinity` and `NaN`,
  /// extra escapes and whitespace.
  public var allowsJSON5: Bool
  /// Accept the escape `\'` in strings, which Flickr's feeds send. Nothing else of JSON5.
  public var allowsEscapedApostrophe: Bool
  /// Accept one comma after the last element of an array or member of an object (`[1, 2,]`),
  /// as Foundation's `JSONDecoder` does. Nothing else of JSON5.
  public var allowsTrailingCommas: Bool
  /// Accept a JSONP wrapper around the value: `callback( ... );`.
  public var allowsJSONP: Bool
  /// Accept and skip an anti-XSSI prefix `)]}'` (optionally followed by `,`) before the value.
  public var allowsAntiXSSIPrefix: Bool
  /// Accept and skip a UTF-8 byte order mark at the start of the input.
  public var allowsByteOrderMark: Bool
  /// Accept UTF-16 and UTF-32 input in either byte order, with or without a byte order mark,
  /// as Foundation's `JSONDecoder` does. The encoding is told from the first bytes (a byte
  /// order mark, or where the zero bytes of the first character are) and the text is read
  /// as UTF-8: offsets, lines and columns in errors count in that UTF-8 text. UTF-8 input
  /// costs one look at its first two bytes.
  public var allowsUTF16AndUTF32: Bool
  /// What to do with invalid UTF-8 inside strings.
  public var invalidUnicode: InvalidUnicodePolicy
  /// What to do with duplicate keys in one object: the first wins by default.
  public var duplicateKeys: DuplicateKeyPolicy
  /// The deepest nesting of arrays and objects accepted; deeper input is an error.
  public var maxDepth: Int
  /// The largest input accepted, in bytes; `nil` means no limit beyond the 4 GiB that
  /// a document can address.
  public var maxSize: Int?

  /// Creates reading options; with no arguments, exactly RFC 8259.
  ///
  /// - Parameters:
  ///   - allowsJSON5: Accept JSON5 syntax.
  ///   - allowsEscapedApostrophe: Accept `\'` in strings.
  ///   - allowsTrailingCommas: Accept a comma before `]` or `}`.
  ///   - allowsJSONP: Accept a JSONP wrapper.
  ///   - allowsAntiXSSIPrefix: Skip a `)]}'` prefix.
  ///   - allowsByteOrderMark: Skip a UTF-8 byte order mark.
  ///   - allowsUTF16AndUTF32: Read UTF-16 and UTF-32 input.
  ///   - invalidUnicode: What to do with invalid UTF-8.
  ///   - duplicateKeys: What to do with duplicate keys.
  ///   - maxDepth: The deepest nesting accepted (default 512).
  ///   - maxSize: The largest input accepted, in bytes.
  public init(
    allowsJSON5: Bool = false,
    allowsEscapedApostrophe: Bool = false,
    allowsTrailingCommas: Bool = false,
    allowsJSONP: Bool = false,
    allowsAntiXSSIPrefix: Bool = false,
    allowsByteOrderMark: Bool = false,
    allowsUTF16AndUTF32: Bool = false,
    invalidUnicode: InvalidUnicodePolicy = .reject,
    duplicateKeys: DuplicateKeyPolicy = .firstWins,
    maxDepth: Int = 512,
    maxSize: Int? = nil
  ) {
    self.allowsJSON5 = allowsJSON5
    self.allowsEscapedApostrophe = allowsEscapedApostrophe
    self.allowsTrailingCommas = allowsTrailingCommas
    self.allowsJSONP = allowsJSONP
    self.allowsAntiXSSIPrefix = allowsAntiXSSIPrefix
    self.allowsByteOrderMark = allowsByteOrderMark
    self.allowsUTF16AndUTF32 = allowsUTF16AndUTF32
    self.invalidUnicode = invalidUnicode
    self.duplicateKeys = duplicateKeys
    self.maxDepth = maxDepth
    self.maxSize = maxSize
  }

  /// Exactly RFC 8259, nesting limited to 512 levels.
  public static var strict: JSONReadingOptions { JSONReadingOptions() }
  /// JSON5 syntax.
  public static var json5: JSONReadingOptions { JSONReadingOptions(allowsJSON5: true) }
  /// What Foundation's `JSONDecoder` reads: RFC 8259 plus trailing commas, a byte order mark,
  /// and UTF-16 and UTF-32 input: the default of Bindery's drop-in `BinderyDecoder`.
  public static var foundation: JSONReadingOptions {
    JSONReadingOptions(
      allowsTrailingCommas: true, allowsByteOrderMark: true, allowsUTF16AndUTF32: true)
  }
  /// RFC 8259 plus the `\'` escape that Flickr's feeds send.
  public static var allowEscapedApostrophe: JSONReadingOptions {
    JSONReadingOptions(allowsEscapedApostrophe: true)
  }

  /// True when any option changes what the scanner accepts outside its fast paths.
  var acceptsEscapedApostrophe: Bool { allowsJSON5 || allowsEscapedApostrophe }
}
