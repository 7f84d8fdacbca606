import Bindery
import Foundation
import Testing

@JSONModel
final class Album {
  var title: String
  var photoCount: Int
  var cover: URL?

  init(title: String, photoCount: Int, cover: URL? = nil) {
    self.title = title
    self.photoCount = photoCount
    self.cover = cover
  }
}

@JSONModel
class Resource {
  var id: Int
  var createdAt: Date

  init(id: Int, createdAt: Date) {
    self.id = id
    self.createdAt = createdAt
  }
}

@JSONModel(inheriting: Resource.self)
class Comment: Resource {
  var body: String
  @Key("author.name") var author: String

  init(id: Int, createdAt: Date, body: String, author: String) {
    self.body = body
    self.author = author
    super.init(id: id, createdAt: createdAt)
  }
}

/// A subclass that keeps what neither it nor its superclass maps.
@JSONModel(inheriting: Resource.self)
class Note: Resource {
  var text: String
  @UnknownKeys var rest: [String: JSONValue] = [:]

  init(id: Int, createdAt: Date, text: String) {
    self.text = text
    super.init(id: id, createdAt: createdAt)
  }
}

@Suite struct ClassModelTests {
  @Test func finalClassesRoundTrip() throws {
    let album = try Album(json: #"{"title": "Kyoto", "photoCount": 12}"#)
    #expect(album.title == "Kyoto")
    #expect(album.cover == nil)
    #expect(try album.jsonString() == #"{"title":"Kyoto","photoCount":12}"#)
    let changed = try album.update(json: #"{"photoCount": 13}"#)
    #expect(album.photoCount == 13)
    #expect(changed == [\Album.photoCount])
  }

  @Test func aSubclassKeepsOnlyWhatNoClassOfItsHierarchyMaps() throws {
    let json = #"{"id": 1, "createdAt": "2016-01-22T10:22:48Z", "text": "t", "pinned": true}"#
    let note = try Note(json: json)
    #expect(note.rest == ["pinned": true])
    let written = try note.jsonString()
    #expect(try JSONValue(parsing: written) == (try JSONValue(parsing: json)))
    #expect(written.components(separatedBy: #""id""#).count == 2)
  }

  @Test func subclassesChainToTheSuperclassMapping() throws {
    let json =
      #"{"id": 7, "createdAt": "2016-01-22T10:22:48Z", "body": "Nice", "author": {"name": "Ada"}}"#
    let comment = try Comment(json: json)
    #expect(comment.id == 7)
    #expect(comment.author == "Ada")
    let value = try comment.jsonValue()
    #expect(value == (try JSONValue(parsing: json)))
    // Inherited properties are named from the class that declares them.
    #expect(throws: JSONWriteError.self) { try JSONPropertyFilter.excluding([\Comment.id]) }
    let filtered = try comment.jsonValue(
      options: .init(properties: try .excluding([\Resource.id, \Resource.createdAt])))
    #expect(filtered == ["body": "Nice", "author": ["name": "Ada"]])
    let changed = try comment.update(json: #"{"id": 8, "body": "Nicer"}"#)
    #expect(changed.count == 2)
    #expect(comment.id == 8)
  }

  @Test func subclassProblemsIncludeTheSuperclassProperties() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try Comment(json: #"{"createdAt": "yesterday", "author": {}}"#)
    }
    #expect(error?.problems.map(\.path.description) == ["body", "author.name", "id", "createdAt"])
  }

  @Test func classesAreCodableWithTheSameMapping() throws {
    let json =
      #"{"id": 7, "createdAt": "2016-01-22T10:22:48Z", "body": "Nice", "author": {"name": "Ada"}}"#
    let comment = try JSONDecoder().decode(Comment.self, from: Data(json.utf8))
    #expect(comment.author == "Ada")
    let fast = try BinderyDecoder().decode(Comment.self, from: Data(json.utf8))
    #expect(fast.body == "Nice")
    let encoded = try JSONValue(parsing: Array(try JSONEncoder().encode(comment)))
    #expect(encoded["author"] == ["name": "Ada"])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Comment.self, from: Data(#"{"id": 7}"#.utf8))
    }
  }
}
