import Bindery
import BinderyRemote
import Foundation

// The DocC catalogs' code blocks, each verbatim (imports aside) inside the context it needs.
// `CodeBlockTests` checks that every block of every catalog is here.

@JSONModel
struct Alert {
    @Key("aps.alert.title") var title: String
    @Key("aps.alert.body") var body: String?
    @Key("aps.badge") @Default(0) var badge: Int
    var receivedAt: Date
}

/// What the DocC examples use.
enum DocC {
  @JSONModel
  struct Photo {
    var id: String
  }

  typealias Tag = Readme.Tag

  static func remote() async throws {
let client = ResourceClient(
    baseURL: URL(string: "https://api.example.com/v1/")!,
    configuration: .init(attemptTimeout: .seconds(10)))
let tags = try await client.fetchAll(Tag.self)   // Tag: RemoteResource, path "tag", results at "objects"
for try await page in try client.pages(Tag.self, path: "tag", at: "objects",
                                       pagination: .offset(limit: 20)) {
    print(page.number, page.elements.count)
}
    _ = tags
  }

  static func foundationObjects() throws {
let userInfo: [AnyHashable: Any] = [
    "aps": ["alert": ["title": "Build finished", "body": "main is green"], "badge": 2],
    "receivedAt": Date(),
]
let alert = try Alert(foundationObject: userInfo)
var current = try Alert(foundationObject: userInfo)
let changed = try current.update(foundationObject: ["aps": ["alert": ["body": NSNull()]]])
// changed == [\Alert.body]; current.body == nil
let decoder = BinderyDecoder()
let values = try decoder.decode([String: Int].self, fromFoundationObject: ["a": 1, "b": 2])
    _ = (alert, changed, values)
  }

  static func core(bytes: [UInt8]) throws {
let document = try JSONDocument(parsing: bytes, options: .allowEscapedApostrophe)
let title = try document.root.member("title").string()
let firstImage = try document.root.cursor(at: JSONPath(parsing: "items[0].media.m")).string()
    _ = (title, firstImage)
  }

  static func codable(data: Data) throws {
let decoder = BinderyDecoder()                    // was: JSONDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
decoder.readingOptions.allowsEscapedApostrophe = true
let photos = try decoder.decode([Photo].self, from: data, at: "photos.photo")
    _ = photos
  }
}

/// The Models article.
enum ModelsArticle {
@JSONModel
struct Photo {
    var title: String
    @Key("media.m") var url: URL
    @Key("published") var date: Date
    @Transform(.separated(by: " ")) var tags: [String]
    var author: String?
    @Default(0) var views: Int
}

  static func decode(data: Data) throws {
let photos = try [Photo](json: data, at: "items",
                         options: JSONDecodingOptions(reading: .allowEscapedApostrophe))
    _ = photos
  }

struct Statistics: JSONModel {
    var count: Int, sum: Double, average: Double
    init(json: JSONObjectDecoder) throws {
        count = try json.decode(forKey: "count")
        sum = try json.decode(forKey: "sum")
        average = try json.decode(forKey: .anyOf(["average"], ["mean"]))
    }
    func encode(to json: inout JSONObjectEncoder) throws {
        try json.encode(count, forKey: "count")
        try json.encode(sum, forKey: "sum")
        try json.encode(average, forKey: "average")
    }
}
}
