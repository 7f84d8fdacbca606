import Bindery
import Foundation

func readSample() throws -> PublicPhotos {
  let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/flickr-public-feed.json"))
  return try PublicPhotos(json: data)
}
