import BinderyNaming

/// Swift names for JSON keys and values: property names under a key strategy, type names,
/// case names, and singular forms for array elements.
enum Naming {
  /// The key strategies a generated model may use, in order of preference.
  enum Strategy: CaseIterable {
    case useDefaultKeys, snakeCase, kebabCase, pascalCase

    /// The `@JSONModel` argument, or `nil` for the default.
    var argument: String? {
      switch self {
      case .useDefaultKeys: nil
      case .snakeCase: ".snakeCase"
      case .kebabCase: ".kebabCase"
      case .pascalCase: ".pascalCase"
      }
    }

    /// The property name this strategy turns into `key`, when there is one.
    func propertyName(for key: String) -> String? {
      let name: String
      switch self {
      case .useDefaultKeys:
        // A key in camel case; `date_taken` is left to the snake-case strategy.
        guard !key.drop(while: { $0 == "_" }).contains("_") else { return nil }
        name = key
      case .snakeCase: name = KeyCase.camelCase(fromSnakeCase: key)
      case .kebabCase: name = KeyCase.camelCase(fromKebabCase: key)
      case .pascalCase:
        guard let first = key.first, first.isUppercase else { return nil }
        name = first.lowercased() + key.dropFirst()
      }
      guard isPlainIdentifier(name), let first = name.first, first.isLowercase || first == "_",
        !Identifiers.reservedWords.contains(name), self.key(for: name) == key
      else { return nil }
      return name
    }

    func key(for name: String) -> String {
      switch self {
      case .useDefaultKeys: name
      case .snakeCase: KeyCase.snakeCase(fromCamelCase: name)
      case .kebabCase: KeyCase.kebabCase(fromCamelCase: name)
      case .pascalCase: KeyCase.pascalCase(fromCamelCase: name)
      }
    }
  }

  /// ASCII letters, digits and `_`, not starting with a digit.
  static func isPlainIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
    }
  }

  /// The words of a key: split at anything not a letter or digit, and where lower case turns
  /// upper (`user_mentions`, `userMentions` and `User-Mentions` all give `user`, `mentions`).
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previousLower = false
    for scalar in text.unicodeScalars {
      let isAlphanumeric =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      guard isAlphanumeric else {
        if !current.isEmpty { words.append(current) }
        current = ""
        previousLower = false
        continue
      }
      let isUpper = ("A"..."Z").contains(scalar)
      if isUpper && previousLower && !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.unicodeScalars.append(scalar)
      previousLower = !isUpper
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// A lower-camel-case Swift name for any text: `@type` → `type`, `2fa` → `_2fa`,
  /// `class` → `classValue`, `` → `value`.
  static func memberName(_ text: String) -> String {
    // A sign names its number: `+1` → `plus1`, `-1` → `minus1`.
    if let sign = text.first, sign == "+" || sign == "-", text.dropFirst().first?.isNumber == true {
      return (sign == "+" ? "plus" : "minus") + text.dropFirst()
    }
    let parts = words(text)
    guard let first = parts.first else { return "value" }
    var name = lowerFirst(first) + parts.dropFirst().map(upperFirst).joined()
    if name.first?.isNumber == true { name = "_" + name }
    if Identifiers.reservedWords.contains(name) { name += "Value" }
    return name
  }

  /// An upper-camel-case Swift type name for any text: `user_mentions` → `UserMentions`.
  static func typeName(_ text: String) -> String {
    let name = words(text).map(upperFirst).joined()
    guard let first = name.first else { return "Value" }
    return first.isNumber ? "T" + name : name
  }

  private static func lowerFirst(_ word: String) -> String {
    // All capitals (an acronym such as URL) become all lower case.
    if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word.lowercased() }
    return word.prefix(1).lowercased() + word.dropFirst()
  }

  private static func upperFirst(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }

  /// The singular of an English plural, for the element type of an array: `statuses` →
  /// `status`, `entries` → `entry`, `photos` → `photo`, `media` → `media`.
  static func singular(_ word: String) -> String {
    let lower = word.lowercased()
    func drop(_ count: Int, adding suffix: String = "") -> String {
      String(word.dropLast(count)) + suffix
    }
    if lower.hasSuffix("ies") && word.count > 4 { return drop(3, adding: "y") }
    for ending in ["sses", "shes", "ches", "xes", "zzes", "uses"] where lower.hasSuffix(ending) {
      return drop(2)
    }
    if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return word }
    if lower.hasSuffix("s") && word.count > 2 { return drop(1) }
    return word
  }

  /// Type names that would hide a type a model uses: a generated type with one of these
  /// names is prefixed with its parent's name.
  static let takenTypeNames: Set<String> = [
    "Any", "Array", "Bool", "Bundle", "Calendar", "Character", "Codable", "Data", "Date",
    "Decimal", "Decoder", "Dictionary", "Double", "Encoder", "Error", "Float", "Int", "Int64",
    "JSONValue", "Locale", "Measurement", "Never", "Notification", "Operation", "Optional",
    "Process", "Protocol", "Result", "Self", "Set", "String", "Task", "Thread", "TimeZone",
    "Timer", "Type", "Unit", "URL", "URLRequest", "UUID", "Value",
  ]
}
