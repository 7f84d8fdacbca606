// An example JSON API on Hummingbird 2 that reads and writes its bodies with Bindery.
//
//   swift run --enable-all-traits bindery-server            # http://127.0.0.1:8080
//
// `--coders` picks how bodies are read and written, so that a load test can compare them on
// the same endpoints: Bindery's adapters with @JSONModel types (the default), the adapters
// with plain Codable types, a naive adapter that copies each body into an array, and
// Hummingbird's default Foundation coders.
#if Hummingbird
  import BinderyHummingbird
  import BinderyServerAPI
  import CommandArguments
  import Foundation
  import Hummingbird

  @main
  struct BinderyServer {
    static let spec = CommandSpec(
      name: "bindery-server",
      abstract: "An example JSON API whose bodies Bindery reads and writes.",
      options: [
        .option("host", default: "127.0.0.1", help: "The address to listen on."),
        .option("port", default: "8080", help: "The port to listen on."),
        .option(
          "coders", default: "bindery",
          help: "How bodies are read and written: bindery, codable, naive or foundation."),
        .option(
          "statuses", value: "file",
          help: "A twitter search response whose statuses the API serves."),
      ])

    static func main() async throws {
      let host: String
      let port: Int
      let coders: Coders
      let statuses: String
      do {
        guard let arguments = try spec.parse(Array(CommandLine.arguments.dropFirst())) else {
          print(spec.help, terminator: "")
          return
        }
        host = arguments.value("host") ?? "127.0.0.1"
        port = try arguments.integer("port", default: 8080, in: 0...65535)
        coders = try arguments.choice("coders", default: Coders.bindery)
        statuses = arguments.value("statuses") ?? Api.defaultStatusesFile.path
      } catch {
        FileHandle.standardError.write(Data("Error: \(error.message)\n".utf8))
        exit(2)
      }
      let configuration = ApplicationConfiguration(
        address: .hostname(host, port: port), serverName: "bindery-server")
      let file = URL(fileURLWithPath: statuses)
      try await Api.application(coders, statuses: file, configuration).runService()
    }
  }
#else
  @main
  struct BinderyServer {
    static func main() {
      print(
        "bindery-server needs the package trait Hummingbird: swift run --enable-all-traits bindery-server"
      )
    }
  }
#endif
