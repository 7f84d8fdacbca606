import Bindery
import BinderyTestSupport
@testable import FlickrFeed
import FlyingFox
import Foundation
import Testing

/// Runs the built `flickr-feed` example as a process.
@Suite(.serialized, .timeLimit(.minutes(1))) struct FlickrFeedExampleTests {
  static var executable: URL { Fixtures.builtExecutable("flickr-feed") }

  func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.repositoryRoot())
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  @Test func printsTheSampleFeedAsATable() throws {
    let result = try run([])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Uploads from everyone")
    #expect(lines[1] == "modified 2016-01-22T10:22:48Z, 4 photos")
    #expect(result.output.contains("Sunset over the bay 'golden hour'  2016-01-22T10:22:48Z"))
    #expect(
      result.output.contains("https://farm2.staticflickr.com/1600/24238390321_3e4c8a7f9b_m.jpg"))
  }

  @Test func columnsLineUpByDisplayWidthWithJapaneseText() throws {
    let result = try run([])
    let rows = result.output.split(separator: "\n").dropFirst(2)
    #expect(rows.count == 5)
    // Every row's date and image start at the same terminal column, CJK counting two.
    func column(of marker: some StringProtocol, in row: Substring) -> Int? {
      guard let range = row.range(of: marker) else { return nil }
      return row[..<range.lowerBound].unicodeScalars.reduce(0) { width, scalar in
        let wide = (0x3000...0x9FFF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
        return width + (wide ? 2 : 1)
      }
    }
    let dates = rows.map { row in column(of: "2016-01-22T", in: row) ?? column(of: "published", in: row) }
    let images = rows.map { row in column(of: "https://", in: row) ?? column(of: "image", in: row) }
    #expect(Set(dates).count == 1, "\(dates)")
    #expect(Set(images).count == 1, "\(images)")
    #expect(result.output.contains("Grandma's kitchen, Kyoto 京都"))
    #expect(result.output.contains("kyoto kitchen カフェ"))
  }

  @Test func displayWidthsCountWideCharactersTwiceAndMarksNever() {
    #expect(DisplayWidth.of("Kyoto") == 5)
    #expect(DisplayWidth.of("京都") == 4)
    #expect(DisplayWidth.of("カフェ") == 6)
    #expect(DisplayWidth.of("ＡＢ") == 4)  // fullwidth forms
    #expect(DisplayWidth.of("e\u{301}") == 1)  // a combining acute accent
    #expect(DisplayWidth.of("a\u{200B}b") == 2)  // a zero-width space
    #expect(DisplayWidth.of("🌅") == 2)
    #expect(DisplayWidth.cut("京都の台所", to: 6) == "京都…")
    #expect(DisplayWidth.padded("京都", to: 6) == "京都  ")
  }

  @Test func exportsTheModelsBackToJSON() throws {
    let result = try run(["--json"])
    #expect(result.status == 0)
    let value = try JSONValue(parsing: result.output)
    #expect(
      value["items"]?[0]?["media"]?["m"]
        == "https://farm2.staticflickr.com/1600/24238390321_3e4c8a7f9b_m.jpg")
    #expect(value["items"]?[0]?["tags"] == "sunset bay golden hour")
  }

  @Test(arguments: [false, true])
  func fetchesALiveFeedFromAURL(asJSONP: Bool) async throws {
    // Without `nojsoncallback=1`, Flickr wraps the feed in `jsonFlickrFeed(...)`.
    let feed = try Fixtures.bytes("flickr-public-feed.json")
    let body = asJSONP ? Array("jsonFlickrFeed(".utf8) + feed + Array(")".utf8) : feed
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /services/feeds/photos_public.gne") { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body))
      }
    }
    defer { Task { await server.stop() } }
    let url = server.baseURL.absoluteString + "services/feeds/photos_public.gne?format=json"
    let result = try run(["--url", url])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("Uploads from everyone\n"))
  }

  @Test func aMissingFileFailsWithAMessage() throws {
    let result = try run(["--file", "/nonexistent/feed.json"])
    #expect(result.status != 0)
    #expect(result.error.contains("nonexistent"))
  }
}
