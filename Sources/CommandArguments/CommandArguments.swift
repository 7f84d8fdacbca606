/// The command-line parsing of the `bindery` tool and the examples: a command declares its
/// flags, options and positional arguments once, and gets its help text and its parse from
/// that.
///
/// It takes `--name`, `--name value`, `--name=value`, a one-letter `-q` for the options that
/// have one, `--` before positional arguments that start with `-`, and `-` itself as a
/// positional argument (standard input). Anything else that starts with `-` is a usage error.
///
/// It is small on purpose: the tool's users build it from a clone, and a package that depends
/// on Bindery resolves no argument parser for it.
package struct CommandSpec: Sendable {
  /// One flag (no value) or option (one value).
  package struct Option: Sendable {
    /// The long name, without the dashes.
    package var name: String
    /// The one-letter name, if any.
    package var short: Character?
    /// The value's name in the help text; nil for a flag.
    package var valueName: String?
    /// What it does, for the help text.
    package var help: String
    /// The value used when the option is not given, for the help text.
    package var defaultValue: String?

    /// A flag: true when given.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
      Option(name: name, short: short, valueName: nil, help: help, defaultValue: nil)
    }

    /// An option that takes one value.
    package static func option(
      _ name: String, value: String? = nil, default defaultValue: String? = nil, help: String
    ) -> Option {
      Option(
        name: name, short: nil, valueName: value ?? name, help: help, defaultValue: defaultValue)
    }
  }

  /// A positional argument.
  package struct Positional: Sendable {
    /// Its name in the help text.
    package var name: String
    /// What it is, for the help text.
    package var help: String
    /// Whether it takes every remaining argument (at least one).
    package var repeats: Bool

    /// A positional argument.
    package init(_ name: String, repeats: Bool = false, help: String) {
      self.name = name
      self.help = help
      self.repeats = repeats
    }
  }

  /// The command's name as typed (`bindery validate`).
  package var name: String
  /// One line on what it does.
  package var abstract: String
  /// More about it, or empty.
  package var discussion: String
  /// Its flags and options.
  package var options: [Option]
  /// Its positional arguments, in order; only the last may repeat.
  package var positionals: [Positional]

  /// A command.
  package init(
    name: String, abstract: String, discussion: String = "", options: [Option] = [],
    positionals: [Positional] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.positionals = positionals
  }

  /// The help text: overview, usage, arguments and options.
  package var help: String {
    var text = "OVERVIEW: \(abstract)\n"
    if !discussion.isEmpty { text += "\n" + Self.wrapped(discussion, indent: 0) + "\n" }
    let words = positionals.map { $0.repeats ? "<\($0.name)> ..." : "<\($0.name)>" }
    text += "\nUSAGE: \(name) [<options>]" + words.map { " " + $0 }.joined() + "\n"
    if !positionals.isEmpty {
      text += "\nARGUMENTS:\n"
      for positional in positionals { text += Self.row("<\(positional.name)>", positional.help) }
    }
    text += "\nOPTIONS:\n"
    for option in options {
      var label = option.short.map { "-\($0), " } ?? ""
      label += "--\(option.name)"
      if let value = option.valueName { label += " <\(value)>" }
      let help = option.defaultValue.map { "\(option.help) (default: \($0))" } ?? option.help
      text += Self.row(label, help)
    }
    text += Self.row("-h, --help", "Show help information.")
    return text
  }

  private static func row(_ label: String, _ help: String) -> String {
    let column = 28
    let padded = "  " + label
    let lead =
      padded.count < column - 1
      ? padded + String(repeating: " ", count: column - padded.count)
      : padded + "\n" + String(repeating: " ", count: column)
    return lead + wrapped(help, indent: column).dropFirst(column) + "\n"
  }

  private static func wrapped(_ text: String, indent: Int) -> String {
    let width = 100
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.count > indent, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
      }
      line += (line.count > indent ? " " : "") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// Parses `arguments` (without the command's own name): nil when they ask for help.
  ///
  /// - Parameter arguments: The words after the command's name.
  /// - Returns: What they say, or nil for `-h`/`--help`.
  /// - Throws: ``UsageError`` for an unknown option, a missing value or argument, or one too
  ///   many.
  package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments? {
    var parsed = ParsedArguments()
    var positional: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        positional.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      if word == "-h" || word == "--help" { return nil }
      let option: Option
      var inlineValue: String?
      if word.hasPrefix("--") {
        var name = String(word.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        guard let found = options.first(where: { $0.name == name }) else {
          throw UsageError("unknown option '--\(name)'")
        }
        option = found
      } else {
        guard word.count == 2, let found = options.first(where: { $0.short == word.last }) else {
          throw UsageError("unknown option '\(word)'")
        }
        option = found
      }
      guard option.valueName != nil else {
        guard inlineValue == nil else { throw UsageError("'--\(option.name)' takes no value") }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError("missing value for '--\(option.name)'")
        }
        value = arguments[index]
        index += 1
      }
      parsed.allValues[option.name, default: []].append(value)
    }
    for (position, spec) in positionals.enumerated() {
      if spec.repeats {
        guard position < positional.count else { throw UsageError("missing <\(spec.name)>") }
        parsed.positionals.append(contentsOf: positional[position...])
        return parsed
      }
      guard position < positional.count else { throw UsageError("missing <\(spec.name)>") }
      parsed.positionals.append(positional[position])
    }
    guard positional.count == positionals.count else {
      throw UsageError("unexpected argument '\(positional[positionals.count])'")
    }
    return parsed
  }
}

/// What a command line says: the flags given, the options' values, the positional arguments.
package struct ParsedArguments: Sendable {
  /// The long names of the flags given.
  package var flags: Set<String> = []
  /// Every value given to each option, in order, by long name (`value(_:)` takes the last).
  package var allValues: [String: [String]] = [:]
  /// The positional arguments, in order.
  package var positionals: [String] = []

  /// Whether the flag was given.
  package func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The option's value, if given.
  package func value(_ name: String) -> String? { allValues[name]?.last }

  /// Every value given to an option that may be repeated, in order.
  package func values(_ name: String) -> [String] { allValues[name] ?? [] }

  /// The option's value as an integer in `range`, or `defaultValue` when not given.
  ///
  /// - Throws: ``UsageError`` when the value is not such an integer.
  package func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>)
    throws(UsageError) -> Int
  {
    guard let text = value(name) else { return defaultValue }
    guard let value = Int(text), range.contains(value) else {
      let bound =
        range.upperBound == .max
        ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
      throw UsageError("--\(name) must be \(bound), not '\(text)'")
    }
    return value
  }

  /// The option's value as one of `T`'s cases (by raw value), or `defaultValue`.
  ///
  /// - Throws: ``UsageError`` naming the cases when the value is none of them.
  package func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T)
    throws(UsageError) -> T where T.RawValue == String
  {
    guard let text = value(name) else { return defaultValue }
    guard let value = T(rawValue: text) else {
      let cases = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("--\(name) must be one of \(cases), not '\(text)'")
    }
    return value
  }
}

/// A command line that does not say something the command can do.
package struct UsageError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, in one line.
  package var message: String

  /// An error with its message.
  package init(_ message: String) {
    self.message = message
  }

  package var description: String { message }
}
