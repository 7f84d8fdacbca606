import Bindery
import Foundation

/// The public photo feed of Flickr (`feeds/photos_public.gne?format=json&nojsoncallback=1`).
@JSONModel
struct PublicPhotos {
  var title: String
  var link: URL
  var modified: Date
  var items: [Photo]
}

/// One photo of the feed: the image URL sits at `media.m`, the publication date at
/// `published`, the tags in one space-separated string.
@JSONModel
struct Photo {
  var title: String
  var link: URL
  @Key("media.m") var imageURL: URL
  @Key("published") var date: Date
  @Key("date_taken") var taken: Date?
  var author: String
  var tags: Tags
}

/// Space-separated tags, read from and written back as one string.
struct Tags: JSONDecodable, JSONEncodable, Sendable {
  var words: [String]

  init(json: JSONValueDecoder) throws {
    words = try json.string().split(separator: " ").map(String.init)
  }

  func encode(to json: JSONValueEncoder) throws {
    try json.string(words.joined(separator: " "))
  }
}
