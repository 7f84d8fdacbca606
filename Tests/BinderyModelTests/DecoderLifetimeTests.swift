import Bindery
import Foundation
import Testing

/// Where a misbehaving model keeps the decoder it was handed.
nonisolated(unsafe) var escapedDecoder: JSONObjectDecoder?

/// Stores its decoder past the decode: what the lifetime check catches.
struct DecoderKeeper: JSONObjectDecodable {
  var id: Int
  init(json: JSONObjectDecoder) throws {
    id = try json.decode(forKey: "id")
    escapedDecoder = json
  }
}

/// Where a misbehaving model keeps the encoder it was handed.
nonisolated(unsafe) var escapedEncoder: JSONObjectEncoder?

/// Stores its encoder past the export.
struct EncoderKeeper: JSONObjectEncodable {
  var id: Int
  func encode(to json: inout JSONObjectEncoder) throws {
    try json.encode(id, forKey: "id")
    escapedEncoder = json
  }
}

@Suite struct DecoderLifetimeTests {
  @Test func aDecoderIsUsableThroughoutItsDecode() throws {
    #expect(try DecoderKeeper(json: #"{"id": 7}"#).id == 7)
  }

  @Test func aDecoderUsedAfterItsDecodeStopsTheProgramWithAMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try DecoderKeeper(json: #"{"id": 1}"#)
      // Another decode runs in between, as it would in an app.
      _ = try DecoderKeeper(json: #"{"id": 2, "padding": [1, 2, 3]}"#)
      escapedDecoder = nil
      _ = try DecoderKeeper(json: #"{"id": 3}"#)
      let stale = escapedDecoder
      _ = try stale?.decode(Int.self, forKey: "id")
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("used after the decode or export that made it had returned"))
  }

  @Test func aStaleDecoderIsCaughtEvenWhenItsCellServesANewDecode() async {
    await #expect(processExitsWith: .failure) {
      _ = try DecoderKeeper(json: #"{"id": 1}"#)
      let stale = escapedDecoder
      // The next decode reuses the freed context's cell with a new generation.
      _ = try [Int](json: "[1, 2, 3]")
      _ = stale?.keys
    }
  }

  @Test func anEncoderIsUsableThroughoutItsExport() throws {
    #expect(String(decoding: try EncoderKeeper(id: 7).jsonBytes(), as: UTF8.self) == #"{"id":7}"#)
  }

  @Test func anEncoderUsedAfterItsExportStopsTheProgramWithAMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try EncoderKeeper(id: 1).jsonBytes()
      var stale = escapedEncoder
      // Another export runs in between and reuses the freed context's cell.
      _ = try [1, 2, 3].jsonBytes()
      try stale?.encode("late", forKey: "name")
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("used after the decode or export that made it had returned"))
  }

  @Test func anEncoderReadAfterItsExportStopsTheProgram() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try EncoderKeeper(id: 1).jsonBytes()
      let stale = escapedEncoder
      _ = stale?.options
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains("used after the decode or export that made it had returned"))
  }
}
