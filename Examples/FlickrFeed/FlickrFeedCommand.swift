import Bindery
import BinderyRemote
import CommandArguments
import Foundation

/// Prints Flickr's public photo feed: the one that ships with the repository, or a live one.
@main
struct FlickrFeedCommand {
  static let spec = CommandSpec(
    name: "flickr-feed",
    abstract: "Print a Flickr public photo feed as a table, or as JSON.",
    discussion: """
      With no arguments, reads Samples/flickr-public-feed.json, which (like every Flickr JSON \
      feed) escapes apostrophes as \\' and so is not strict JSON. A live feed may also come \
      wrapped as JSONP, jsonFlickrFeed({...}), unless its URL says nojsoncallback=1: both read.
      """,
    options: [
      .option(
        "url",
        help: "Fetch a live feed, e.g. "
          + "https://www.flickr.com/services/feeds/photos_public.gne?format=json&nojsoncallback=1"),
      .option("file", help: "Read a feed from this file instead of the sample."),
      .flag("json", help: "Print the decoded models exported back to JSON."),
    ])

  var url: String?
  var file: String?
  var json = false

  static func main() async {
    do {
      guard let arguments = try spec.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(spec.help, terminator: "")
        return
      }
      let command = FlickrFeedCommand(
        url: arguments.value("url"), file: arguments.value("file"), json: arguments.flag("json"))
      try await command.run()
    } catch let error as UsageError {
      FileHandle.standardError.write(Data("Error: \(error.message)\n".utf8))
      exit(2)
    } catch {
      FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
      exit(1)
    }
  }

  func run() async throws {
    // Flickr escapes apostrophes (\') and, without `nojsoncallback=1`, wraps the feed in
    // `jsonFlickrFeed(...)`: JSON with two leniencies, each named.
    var lenient = JSONReadingOptions.allowEscapedApostrophe
    lenient.allowsJSONP = true
    let reading = JSONDecodingOptions(reading: lenient)
    let feed: PublicPhotos
    if let url {
      guard let address = URL(string: url) else { throw UsageError("'\(url)' is not a URL") }
      let client = ResourceClient(
        baseURL: address, configuration: .init(attemptTimeout: .seconds(20), decoding: reading))
      feed = try await client.fetch(PublicPhotos.self, path: address.absoluteString)
    } else {
      let path = file ?? Self.samplePath
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      feed = try PublicPhotos(json: data, options: reading)
    }
    if json {
      print(try feed.jsonString(options: JSONEncodingOptions(writing: .pretty)))
      return
    }
    print(feed.title)
    print("modified \(Self.format(feed.modified)), \(feed.items.count) photos\n")
    print(Self.table(feed.items))
  }

  /// The sample that ships with the repository, found from this file's place in it.
  static var samplePath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Samples/flickr-public-feed.json").path
  }

  static func format(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: date)
  }

  /// Columns padded to their widest cell, long titles and tags cut with an ellipsis, all by
  /// display width: a Japanese title takes two columns a character.
  static func table(_ photos: [Photo]) -> String {
    let rows =
      [["title", "published", "tags", "image"]]
      + photos.map { photo in
        [
          DisplayWidth.cut(photo.title.isEmpty ? "(untitled)" : photo.title, to: 34),
          format(photo.date),
          DisplayWidth.cut(photo.tags.words.joined(separator: " "), to: 28),
          photo.imageURL.absoluteString,
        ]
      }
    let widths = (0..<4).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == 3 ? cell : DisplayWidth.padded(cell, to: widths[column])
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }
}
