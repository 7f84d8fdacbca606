import Bindery
import Foundation
import Testing

/// A PATCH body where a missing key leaves a field alone and `null` clears it.
@JSONModel
struct ProfilePatch: Equatable {
  var nickname: String??
  @Key("contact.phone") var phone: String??
  var scores: [Int??]?
}

/// `T??` tells a missing key (`nil`) from `null` (`.some(nil)`) on every way a model is read.
@Suite struct DoubleOptionalTests {
  static let absent = #"{}"#
  static let cleared = #"{"nickname": null, "contact": {"phone": null}, "scores": [1, null]}"#
  static let given = #"{"nickname": "Ada", "contact": {"phone": "+44 20"}}"#

  static let expected: [(String, ProfilePatch)] = [
    (absent, ProfilePatch(nickname: nil, phone: nil, scores: nil)),
    (cleared, ProfilePatch(nickname: .some(nil), phone: .some(nil), scores: [1, .some(nil)])),
    (given, ProfilePatch(nickname: "Ada", phone: "+44 20", scores: nil)),
  ]

  @Test func theModelDecodeTellsAMissingKeyFromNull() throws {
    for (json, patch) in Self.expected {
      #expect(try ProfilePatch(json: json) == patch, "\(json)")
    }
  }

  @Test func codableDecodersTellThemApartToo() throws {
    for (json, patch) in Self.expected {
      // Foundation's decoder runs the model's container code; Bindery's reads its document.
      #expect(
        try JSONDecoder().decode(ProfilePatch.self, from: Data(json.utf8)) == patch, "\(json)")
      #expect(try BinderyDecoder().decode(ProfilePatch.self, from: Data(json.utf8)) == patch)
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
      #expect(try ProfilePatch(foundationObject: object) == patch, "\(json)")
    }
  }

  @Test func encodingWritesNullForSomeNilAndNothingForNil() throws {
    let cleared = ProfilePatch(nickname: .some(nil), phone: .some(nil), scores: nil)
    #expect(try cleared.jsonString() == #"{"nickname":null,"contact":{"phone":null}}"#)
    #expect(try ProfilePatch(nickname: nil, phone: nil, scores: nil).jsonString() == "{}")
    // Foundation's encoder through the model's containers writes the same.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(cleared), as: UTF8.self)
        == #"{"contact":{"phone":null},"nickname":null}"#)
    // And each decodes back to itself.
    for (_, patch) in Self.expected {
      #expect(try ProfilePatch(json: try patch.jsonBytes()) == patch)
    }
  }

  @Test func anUpdateClearsOnNullAndKeepsOnMissing() throws {
    var patch = try ProfilePatch(json: Self.given)
    #expect(try patch.update(json: Self.absent).isEmpty)
    #expect(patch.nickname == "Ada")
    let changed = try patch.update(json: #"{"nickname": null}"#)
    #expect(changed == [\ProfilePatch.nickname])
    #expect(patch.nickname == .some(nil))
    #expect(patch.phone == "+44 20")
  }

  @Test func handWrittenDecodesOfAnInferredOptionalTreatAMissingKeyAsNil() throws {
    struct Card: JSONDecodable {
      var title: String
      var note: String?
      var color: String??
      init(json: JSONValueDecoder) throws {
        let object = try json.object()
        title = try object.decode(forKey: "title")
        note = try object.decode(forKey: "note")
        color = try object.decode(forKey: "color")
      }
    }
    let bare = try Card(json: #"{"title": "t"}"#)
    #expect(bare.note == nil)
    #expect(bare.color == nil)
    let nulls = try Card(json: #"{"title": "t", "note": null, "color": null}"#)
    #expect(nulls.note == nil)
    #expect(nulls.color == .some(nil))
    // A bad value is still a problem.
    #expect(throws: JSONDecodingError.self) { try Card(json: #"{"title": "t", "note": 3}"#) }
  }
}
