import Foundation

/// Types exercised by the differential tests: every primitive, optionals, nesting, enums,
/// hand-written containers, class inheritance.
struct Primitives: Codable, Equatable {
  var bool: Bool
  var string: String
  var int: Int
  var int8: Int8
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var uint: UInt
  var uint8: UInt8
  var uint16: UInt16
  var uint32: UInt32
  var uint64: UInt64
  var double: Double
  var float: Float
}

struct Optionals: Codable, Equatable {
  var name: String?
  var count: Int?
  var tags: [String]?
  var nested: Inner?
}

struct Inner: Codable, Equatable, Hashable {
  var id: Int
  var title: String
}

struct Container: Codable, Equatable {
  var items: [Inner]
  var byName: [String: Inner]
  var byId: [Int: String]
  var matrix: [[Double]]
  var set: Set<Int>
  var optionalItems: [Inner?]
}

enum Kind: String, Codable, Equatable {
  case photo, video
}

enum Level: Int, Codable, Equatable {
  case low = 1
  case high = 2
}

enum Shape: Codable, Equatable {
  case circle(radius: Double)
  case square(Double)
  case empty
}

struct Tagged: Codable, Equatable {
  var kind: Kind
  var level: Level
  var shape: Shape
}

struct SnakeModel: Codable, Equatable {
  var firstName: String
  var userID: Int
  var imageURL: String
  var isHTTPS: Bool
  var profile: [String: Int]
}

/// Hand-written containers: nested keyed and unkeyed, decodeNil, super decoders.
struct Handwritten: Codable, Equatable {
  var a: Int
  var point: [Double]
  var nested: String
  var nils: Int

  enum Keys: String, CodingKey {
    case a, point, info, name, list
  }

  init(a: Int, point: [Double], nested: String, nils: Int) {
    (self.a, self.point, self.nested, self.nils) = (a, point, nested, nils)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    a = try container.decode(Int.self, forKey: .a)
    var point = try container.nestedUnkeyedContainer(forKey: .point)
    var values: [Double] = []
    while !point.isAtEnd { values.append(try point.decode(Double.self)) }
    self.point = values
    let info = try container.nestedContainer(keyedBy: Keys.self, forKey: .info)
    nested = try info.decode(String.self, forKey: .name)
    var list = try info.nestedUnkeyedContainer(forKey: .list)
    var nils = 0
    while !list.isAtEnd {
      if try list.decodeNil() { nils += 1 } else { _ = try list.decode(Int.self) }
    }
    self.nils = nils
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(a, forKey: .a)
    var point = container.nestedUnkeyedContainer(forKey: .point)
    for value in self.point { try point.encode(value) }
    var info = container.nestedContainer(keyedBy: Keys.self, forKey: .info)
    try info.encode(nested, forKey: .name)
    var list = info.nestedUnkeyedContainer(forKey: .list)
    for _ in 0..<nils { try list.encodeNil() }
  }
}

class Animal: Codable, Equatable {
  var name: String
  init(name: String) { self.name = name }
  static func == (lhs: Animal, rhs: Animal) -> Bool {
    type(of: lhs) == type(of: rhs) && lhs.name == rhs.name && lhs.isEqual(to: rhs)
  }
  func isEqual(to other: Animal) -> Bool { true }
}

final class Dog: Animal {
  var breed: String
  init(name: String, breed: String) {
    self.breed = breed
    super.init(name: name)
  }
  enum Keys: String, CodingKey { case breed }
  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    breed = try container.decode(String.self, forKey: .breed)
    try super.init(from: container.superDecoder())
  }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(breed, forKey: .breed)
    try super.encode(to: container.superEncoder())
  }
  override func isEqual(to other: Animal) -> Bool { (other as? Dog)?.breed == breed }
}

struct Special: Codable, Equatable {
  var date: Date
  var data: Data
  var url: URL
  var decimal: Decimal
}
