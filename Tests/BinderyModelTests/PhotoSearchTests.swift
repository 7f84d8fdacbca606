import Bindery
import BinderyTestSupport
import Foundation
import Testing

@JSONModel
struct SearchPhoto: Equatable {
  var id: String
  var title: String
  @Key("datetaken") @Transform(.dateFormat("yyyy-MM-dd HH:mm:ss")) var taken: Date
  @Key("url_h") var url: URL
}

@JSONModel
struct SearchPage {
  var page: Int
  @Lossy var photo: [SearchPhoto]
}

@Suite struct PhotoSearchTests {
  let lossy = JSONDecodingOptions(lossyCollections: true)

  @Test func decodesPhotosBelowTheResultKeySkippingBadOnes() throws {
    let bytes = try Fixtures.bytes("photo-search.json")
    let result = try [SearchPhoto].decoded(json: bytes, at: "photos.photo", options: lossy)
    #expect(result.value.map(\.id) == ["29517460813", "29517460815"])
    #expect(result.value[0].taken == Date(timeIntervalSince1970: 1_473_251_451))
    #expect(result.warnings.count == 2)
    #expect(result.warnings.map(\.kind) == [.skippedElement, .skippedElement])
    #expect(result.warnings[0].path.description == "photos.photo[1]")
    #expect(result.warnings[0].problems.first?.path.description == "photos.photo[1].url_h")
    #expect(result.warnings[1].problems.first?.expected == "a date like 'yyyy-MM-dd HH:mm:ss'")
  }

  @Test func theLossyAttributeSkipsInsideAModel() throws {
    let page = try SearchPage(json: try Fixtures.bytes("photo-search.json"), at: "photos")
    #expect(page.photo.count == 2)
  }

  @Test func withoutLossyEveryBadPhotoIsReported() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try [SearchPhoto](json: try Fixtures.bytes("photo-search.json"), at: "photos.photo")
    }
    #expect(
      error?.problems.map(\.path.description) == [
        "photos.photo[1].url_h", "photos.photo[3].datetaken",
      ])
  }

  @Test func aPageWhereEveryPhotoFailsIsAnError() throws {
    let bytes = try Fixtures.bytes("photo-search-all-bad.json")
    let error = #expect(throws: JSONDecodingError.self) {
      try [SearchPhoto](json: bytes, at: "photos.photo", options: lossy)
    }
    #expect(error?.problems.count == 1)
    #expect(error?.problems.first?.kind == .everyElementFailed)
    #expect(error?.problems.first?.path.description == "photos.photo")
    #expect(error?.warnings.count == 2)
    #expect(throws: JSONDecodingError.self) {
      try SearchPage(json: bytes, at: "photos")
    }
  }

  @Test func aMissingResultKeyIsAnError() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try [SearchPhoto](json: try Fixtures.bytes("photo-search.json"), at: "photos.photos")
    }
    #expect(error?.problems.first?.kind == .resultNotFound)
  }

  @Test func exportWritesThePatternBack() throws {
    let photos = try [SearchPhoto](
      json: try Fixtures.bytes("photo-search.json"), at: "photos.photo", options: lossy)
    let value = try photos[0].jsonValue()
    #expect(value["datetaken"] == .string("2016-09-07 12:30:51"))
    #expect(
      value["url_h"] == .string("https://farm9.staticflickr.com/8551/29517460813_1d2e3f_h.jpg"))
  }
}
