import Bindery
import Foundation

func readSample() throws -> PublicPhotos {
  let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/flickr-public-feed.json"))
  let options = JSONDecodingOptions(reading: .allowEscapedApostrophe)
  do {
    return try PublicPhotos(json: data, options: options)
  } catch {
    print(error)  // every problem, each with its path, line and column
    throw error
  }
}
