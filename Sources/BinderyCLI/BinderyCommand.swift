import ArgumentParser
import Bindery

/// The `bindery` command-line tool: validate, format and query JSON files.
@main
struct BinderyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bindery",
    abstract: "Validate, format and query JSON; generate models from samples.",
    discussion: """
      Exit status: 0 when every input is valid (or the queried value exists), 1 when an input \
      is invalid (or the value is absent), 2 for a usage or I/O error. Use '-' to read \
      standard input.
      """,
    subcommands: [
      ValidateCommand.self, FormatCommand.self, QueryCommand.self, GenerateCommand.self,
    ]
  )

  /// Runs the tool, mapping usage errors to exit status 2 rather than ArgumentParser's 64.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      if exitCode(for: error) == .validationFailure {
        Terminal.error(fullMessage(for: error))
        Terminal.error("Run 'bindery help' for usage.")
        exit(withError: ExitCode(2))
      }
      exit(withError: error)
    }
  }
}

/// Exit statuses shared by the commands.
enum Status {
  static let invalid = ExitCode(1)
  static let usageOrIO = ExitCode(2)
}
