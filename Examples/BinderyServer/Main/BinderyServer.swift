// An example JSON API on Hummingbird 2 that reads and writes its bodies with Bindery.
//
//   swift run --enable-all-traits bindery-server            # http://127.0.0.1:8080
//
// `--coders` picks how bodies are read and written, so that a load test can compare them on
// the same endpoints: Bindery's adapters with @JSONModel types (the default), the adapters
// with plain Codable types, a naive adapter that copies each body into an array, and
// Hummingbird's default Foundation coders.
#if Hummingbird
  public import ArgumentParser
  import BinderyHummingbird
  import BinderyServerAPI
  import Foundation
  import Hummingbird

  extension Coders: ExpressibleByArgument {}

  @main
  struct BinderyServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bindery-server",
      abstract: "An example JSON API whose bodies Bindery reads and writes.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "How bodies are read and written: bindery, codable, naive or foundation.")
    var coders = Coders.bindery

    @Option(help: "A twitter search response whose statuses the API serves.")
    var statuses = Api.defaultStatusesFile.path

    func run() async throws {
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
