import Bindery
import CommandArguments
import Foundation

/// The `bindery` command-line tool: validate, format and query JSON files; generate models.
@main
enum BinderyCommand {
  static let commands: [(spec: CommandSpec, run: @Sendable (ParsedArguments) throws -> Void)] = [
    (ValidateCommand.spec, { try ValidateCommand($0).run() }),
    (FormatCommand.spec, { try FormatCommand($0).run() }),
    (QueryCommand.spec, { try QueryCommand($0).run() }),
    (GenerateCommand.spec, { try GenerateCommand($0).run() }),
  ]

  static let overview = """
    OVERVIEW: Validate, format and query JSON; generate models from samples.

    Exit status: 0 when every input is valid (or the queried value exists), 1 when an input is
    invalid (or the value is absent), 2 for a usage or I/O error. Use '-' to read standard
    input.

    USAGE: bindery <subcommand>

    SUBCOMMANDS:
    """

  static var help: String {
    overview + "\n"
      + commands.map { command in
        let name = String(command.spec.name.split(separator: " ").last ?? "")
        return "  " + name.padding(toLength: 12, withPad: " ", startingAt: 0)
          + command.spec.abstract
      }.joined(separator: "\n")
      + "\n\n  See 'bindery help <subcommand>' for a subcommand's options.\n"
  }

  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first, !["-h", "--help"].contains(first) else {
      Terminal.output(help)
      exit(arguments.isEmpty ? Status.usageOrIO.code : 0)
    }
    arguments.removeFirst()
    if first == "help" {
      if let name = arguments.first, let command = command(named: name) {
        Terminal.output(command.spec.help)
      } else {
        Terminal.output(help)
      }
      exit(0)
    }
    guard let command = command(named: first) else {
      usageError(UsageError("unknown subcommand '\(first)'"))
    }
    do {
      guard let parsed = try command.spec.parse(arguments) else {
        Terminal.output(command.spec.help)
        exit(0)
      }
      try command.run(parsed)
    } catch let error as UsageError {
      usageError(error)
    } catch let status as Status {
      exit(status.code)
    } catch {
      Terminal.error("bindery: error: \(error)")
      exit(Status.usageOrIO.code)
    }
    exit(0)
  }

  static func command(named name: String) -> (
    spec: CommandSpec, run: @Sendable (ParsedArguments) throws -> Void
  )? {
    commands.first { $0.spec.name == "bindery \(name)" }
  }

  static func usageError(_ error: UsageError) -> Never {
    Terminal.error("Error: \(error.message)")
    Terminal.error("Run 'bindery help' for usage.")
    exit(Status.usageOrIO.code)
  }
}

/// An exit status a command ends with.
struct Status: Error {
  let code: Int32

  static let invalid = Status(code: 1)
  static let usageOrIO = Status(code: 2)
}
