import Bindery
import BinderyRemote
import Foundation

// The README's code blocks, each verbatim (imports aside) inside the context it needs, so that
// a block that no longer compiles fails the build. `CodeBlockTests` checks that every block of
// the README is here.

/// What the README's model examples use.
enum Readme {
  /// A string of space-separated words read as a list.
  final class Tags: JSONDecodable, JSONEncodable {
    let words: [String]
    init(json: JSONValueDecoder) throws {
      words = try json.string().split(separator: " ").map(String.init)
    }
    func encode(to json: JSONValueEncoder) throws {
      try json.string(words.joined(separator: " "))
    }
  }

  @JSONModel
  struct SearchPhoto {
    var id: String
    var title: String
  }

  @JSONModel
  struct User {
    var email: String
    @Key("personInfo.lastName") var lastName: String
  }

@JSONModel
struct PublicPhotos {
    var title: String
    var modified: Date                          // RFC 3339 by default, parsed by Bindery
    var items: [Photo]
}

@JSONModel
struct Photo {
    var title: String
    @Key("media.m") var url: URL                // nested path, read and written
    var link: URL
    @Key("published") var date: Date
    var tags: Tags                              // a custom type read from "space separated words"
    var author: String?                         // missing or null → nil
    @Default(0) var views: Int                  // missing → 0
    @Ignore var isFavorite = false              // never read or written
}
}

@JSONModel
struct BuildPush {
    @Key("aps.alert.title") var title: String
    @Key("aps.badge") var badge: Int
    var sentAt: Date                            // a Date object is taken as it is
}

@JSONModel
struct Tag {
  var id: Int
  var name: String
}

extension Tag: RemoteResource {
    static let resourcePath = "tag/"                 // GET <base>/tag/, <base>/tag/2/
    static let resultKeyPath: String? = "objects"    // results sit under "objects"
    static let pagination: Pagination? = .nextURL(at: "meta.next")
}

extension Readme {
  static func reading(bytes: [UInt8]) throws {
let document = try JSONDocument(parsing: bytes)           // validates everything, builds a tape
let photo = try document.root.member("items").element(at: 0)
let title = try photo.member("title").string()
let views = try photo.member("views").integer(UInt16.self)   // range-checked: 70000 is an error
let url = try document.root.cursor(at: JSONPath(parsing: "items[0].media.m")).string()
    _ = (photo, title, views, url)
  }

  static func leniency(data: Data, config: [UInt8]) throws {
var options = JSONReadingOptions.allowEscapedApostrophe   // Flickr's \'
options.allowsJSONP = true                                 // jsonFlickrFeed({ ... })
options.allowsAntiXSSIPrefix = true                        // )]}'
options.allowsByteOrderMark = true
options.invalidUnicode = .replace                          // invalid UTF-8 → U+FFFD
options.duplicateKeys = .reject                            // or .lastWins (default), .firstWins
options.maxDepth = 64                                      // default 512
options.maxSize = 10 << 20
let feed = try JSONValue(parsing: data, options: options)
let json5 = try JSONValue(parsing: config, options: .json5)
    _ = (feed, json5)
  }

  static func errors() {
do {
  _ = try JSONDocument(parsing: "{\n  \"title\": \"Sunset\"\n  \"views\": 12\n}")
} catch {
  print(error.detailedDescription)
}
// 3:3: expected ',' or '}' after object member, found '"'
//       "views": 12
//       ^
  }

  static func values(feed: JSONValue) throws -> JSONValue {
let body: JSONValue = ["title": "Sunset", "tags": ["sky", "sea"], "views": 12, "author": nil]
body[path: "tags[1]"]          // "sea"
feed[path: "items[0].media.m"] // nested keys
feed[path: #"["key.with.dots"]"#]
feed[pointer: "/items/0/media/m"]  // RFC 6901
    return body
  }

  static func writing(body: JSONValue) throws {
var options = JSONWritingOptions.pretty
options.sortsKeys = true
let text = try body.jsonString(options: options)

var writer = JSONWriter()          // streaming, no tree
try writer.beginObject()
try writer.key("views"); try writer.integer(12)
try writer.endObject()
let bytes = try writer.finish()
    _ = (text, bytes)
  }

  static func models(data: Data) throws {
let feed = try PublicPhotos(json: data, options: .init(reading: .allowEscapedApostrophe))
let photos = try [SearchPhoto](json: data, at: "photos.photo")   // below a result key
var user = try User(json: data)
let changed = try user.update(json: #"{"personInfo": {"lastName": "King"}}"#)
let patch = try user.jsonData(options: .init(properties: try .including(changed, of: User.self)))
let body = try user.jsonData(options: .init(properties: try .excluding([\User.email])))
    _ = (feed, photos, patch, body)
  }

  static func foundationObjects(snapshot: [String: Any], results: [Any]) throws {
let userInfo: [AnyHashable: Any] = [
    "aps": ["alert": ["title": "Build finished"], "badge": 2], "sentAt": Date(),
]
let push = try BuildPush(foundationObject: userInfo)
var user = try User(foundationObject: snapshot, options: .init(coercesValues: true))
let changed = try user.update(foundationObject: ["personInfo": ["lastName": "King"]])
let photos = try BinderyDecoder().decode([SearchPhoto].self, fromFoundationObject: results)
    _ = (push, changed, photos)
  }

  static func remote(user: User, edits: String) async throws {
    var user = user
let client = ResourceClient(
    baseURL: URL(string: "https://api.example.com/v1/")!,
    configuration: .init(attemptTimeout: .seconds(10), deadline: .seconds(60),
                         decoding: .init(reading: .allowEscapedApostrophe)))
let tags = try await client.fetchAll(Tag.self)                  // every page
let tag = try await client.fetch(Tag.self, id: "2")
for try await tag in try client.pages(Tag.self).elements {      // a page at a time
    print(tag.name)
}
let answer = try await client.fetchResponse(Tag.self, path: "tag/2/")
print(answer.status, answer.header("ETag") ?? "")
let changed = try user.update(json: edits)    // apply the edits first, then send them
try await client.patch(user, changed: changed, path: "user/7")
    _ = (tags, tag)
  }

  static func codable(data: Data) throws -> BinderyDecoder {
let decoder = BinderyDecoder()               // was: JSONDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
decoder.dateDecodingStrategy = .iso8601
let user = try decoder.decode(User.self, from: data)

let encoder = BinderyEncoder()               // was: JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
let body = try encoder.encode(user)
    _ = body
    return decoder
  }

  static func codableExtras(decoder: BinderyDecoder, data: Data) throws {
decoder.readingOptions.allowsEscapedApostrophe = true                 // Flickr's \'
let photos = try decoder.decode([Photo].self, from: data, at: "photos.photo")
decoder.reportsAllErrors = true   // throws BinderyDecodingErrors listing every bad value
    _ = photos
  }
}
