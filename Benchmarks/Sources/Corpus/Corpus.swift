import Foundation

/// Benchmark inputs: the standard JSON benchmark files stored in `Benchmarks/Corpora`, and
/// generated look-alikes of the three large ones (the same bytes on every machine and run).
public struct Corpus: Sendable {
  /// What a corpus holds, which picks the models that decode it.
  public enum Shape: Sendable {
    /// A search API response: `statuses` and `search_metadata`.
    case twitterResponse
    /// One status of a search API response.
    case status
    /// The `search_metadata` object of a search API response.
    case searchMetadata
    /// An event catalog (citm_catalog.json).
    case catalog
    /// A GeoJSON feature collection of polygons (canada.json).
    case featureCollection
  }

  /// A short name for tables and command lines: `twitter`, `citm`, `canada`, `status`,
  /// `search_metadata`, or for generated corpora `tweets`, `catalog`, `coordinates`.
  public let name: String
  /// What the JSON text holds.
  public let shape: Shape
  /// The JSON text.
  public let bytes: [UInt8]

  /// Creates a corpus.
  ///
  /// - Parameters:
  ///   - name: A short name for tables and command lines.
  ///   - shape: What the JSON text holds.
  ///   - bytes: The JSON text.
  public init(name: String, shape: Shape, bytes: [UInt8]) {
    self.name = name
    self.shape = shape
    self.bytes = bytes
  }

  /// A standard file that could not be read.
  public struct MissingFile: Error, CustomStringConvertible {
    /// The path that was read.
    public let path: String
    /// A sentence naming the path.
    public var description: String { "cannot read the benchmark file \(path)" }
  }

  /// The folder holding the standard files, found from this source file's location.
  public static var directory: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Corpus
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()  // Benchmarks
      .appendingPathComponent("Corpora", isDirectory: true)
  }

  /// The names, file names and shapes of the standard files, in table order.
  public static let standardFiles: [(name: String, file: String, shape: Shape)] = [
    ("twitter", "twitter.json", .twitterResponse),
    ("citm", "citm_catalog.json", .catalog),
    ("canada", "canada.json", .featureCollection),
    ("status", "twitter_status.json", .status),
    ("search_metadata", "twitter_search_metadata.json", .searchMetadata),
  ]

  /// The five standard benchmark files, read from ``directory``.
  ///
  /// - Returns: `twitter`, `citm`, `canada`, `status` and `search_metadata`.
  /// - Throws: ``MissingFile`` when a file cannot be read.
  public static func standard() throws -> [Corpus] {
    try standardFiles.map { try standard(named: $0.name) }
  }

  /// One standard benchmark file.
  ///
  /// - Parameter name: `twitter`, `citm`, `canada`, `status` or `search_metadata`.
  /// - Returns: The corpus.
  /// - Throws: ``MissingFile`` when the name is unknown or the file cannot be read.
  public static func standard(named name: String) throws -> Corpus {
    guard let entry = standardFiles.first(where: { $0.name == name }) else {
      throw MissingFile(path: directory.appendingPathComponent(name).path)
    }
    let url = directory.appendingPathComponent(entry.file)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw MissingFile(path: url.path)
    }
    return Corpus(name: entry.name, shape: entry.shape, bytes: Array(data))
  }

  /// The generated look-alikes of the three large files, a few MB each, decoded by the same
  /// models: `tweets`, `catalog`, `coordinates`.
  public static func generated() -> [Corpus] {
    [tweets(), catalog(), coordinates()]
  }

  /// Tweets: nested users and entities, unicode text, many optional (null) fields.
  public static func tweets(count: Int = 1_500) -> Corpus {
    var random = SplitMix64(seed: 1)
    var statuses: [String] = []
    for index in 0..<count { statuses.append(tweet(index, &random)) }
    let text =
      "{\"statuses\":[" + statuses.joined(separator: ",")
      + "],\"search_metadata\":{\"completed_in\":0.087,\"max_id\":505874924095815681,\"max_id_str\":\"505874924095815681\",\"next_results\":\"?max_id=505874847260352512&q=%E4%B8%80&count=100\",\"query\":\"%E4%B8%80\",\"refresh_url\":\"?since_id=505874924095815681&q=%E4%B8%80\",\"count\":100,\"since_id\":0,\"since_id_str\":\"0\"}}"
    return Corpus(name: "tweets", shape: .twitterResponse, bytes: Array(text.utf8))
  }

  /// An event catalog: many small objects, integer ids, objects keyed by id.
  public static func catalog(events: Int = 2_400, performances: Int = 5_000) -> Corpus {
    var random = SplitMix64(seed: 2)
    var parts: [String] = []
    let areaIds = (0..<40).map { 205_705_993 + $0 * 6 }
    parts.append(
      "\"areaNames\":{"
        + areaIds.map { "\"\($0)\":\"\(random.words(2, from: Words.french))\"" }.joined(
          separator: ",") + "}")
    parts.append("\"audienceSubCategoryNames\":{\"337100890\":\"Abonné\"},\"blockNames\":{}")
    var eventEntries: [String] = []
    var eventIds: [Int] = []
    for index in 0..<events {
      let id = 138_586_341 + index * 17
      eventIds.append(id)
      let logo = random.next() % 3 == 0 ? "null" : "\"/images/UE0AAAAAC\(random.hex(6))AAAAVDSVRN\""
      let topics = (0..<Int(random.next() % 3 + 1)).map { _ in
        String(107_888_604 + Int(random.next() % 500))
      }
      eventEntries.append(
        "\"\(id)\":{\"description\":null,\"id\":\(id),\"logo\":\(logo),\"name\":\"\(random.words(3, from: Words.french))\",\"subTopicIds\":[337184269,337184283],\"subjectCode\":null,\"subtitle\":null,\"topicIds\":[\(topics.joined(separator: ","))]}"
      )
    }
    parts.append("\"events\":{" + eventEntries.joined(separator: ",") + "}")
    var performanceEntries: [String] = []
    for index in 0..<performances {
      let prices = (0..<Int(random.next() % 4 + 1)).map { _ in
        "{\"amount\":\(Int(random.next() % 2000) * 50 + 9000),\"audienceSubCategoryId\":337100890,\"seatCategoryId\":\(338_937_295 + Int(random.next() % 40))}"
      }
      let areas = (0..<Int(random.next() % 5 + 1)).map { _ in
        "{\"areaId\":\(areaIds[Int(random.next() % 40)]),\"blockIds\":[]}"
      }
      performanceEntries.append(
        "{\"eventId\":\(eventIds[Int(random.next() % UInt64(events))]),\"id\":\(339_887_544 + index),\"logo\":null,\"name\":null,\"prices\":[\(prices.joined(separator: ","))],\"seatCategories\":[{\"areas\":[\(areas.joined(separator: ","))],\"seatCategoryId\":338937295}],\"seatMapImage\":null,\"start\":\(1_372_701_600_000 + index * 86_400_000),\"venueCode\":\"PLEYEL_PLEYEL\"}"
      )
    }
    parts.append("\"performances\":[" + performanceEntries.joined(separator: ",") + "]")
    parts.append(
      "\"seatCategoryNames\":{\"338937295\":\"Première catégorie\"},\"subTopicNames\":{\"337184269\":\"Concert\",\"337184283\":\"Récital\"},\"subjectNames\":{},\"topicNames\":{\"107888604\":\"Opéra\"},\"topicSubTopics\":{\"107888604\":[337184283,337184269]}"
    )
    parts.append("\"venueNames\":{\"PLEYEL_PLEYEL\":\"Salle Pleyel\"}")
    let text = "{" + parts.joined(separator: ",") + "}"
    return Corpus(name: "catalog", shape: .catalog, bytes: Array(text.utf8))
  }

  /// Geographic coordinates: one polygon of many rings, doubles with 15 to 17 significant digits.
  public static func coordinates(rings: Int = 480, points: Int = 120) -> Corpus {
    var random = SplitMix64(seed: 3)
    var polygon: [String] = []
    for _ in 0..<rings {
      var longitude = -141.0 + random.unit() * 90
      var latitude = 42.0 + random.unit() * 30
      var ring: [String] = []
      for _ in 0..<points {
        longitude += (random.unit() - 0.5) * 0.01
        latitude += (random.unit() - 0.5) * 0.01
        ring.append("[\(longitude),\(latitude)]")
      }
      polygon.append("[" + ring.joined(separator: ",") + "]")
    }
    let text =
      "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"name\":\"Canada\"},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":["
      + polygon.joined(separator: ",") + "]}}]}"
    return Corpus(name: "coordinates", shape: .featureCollection, bytes: Array(text.utf8))
  }

  private static func tweet(_ index: Int, _ random: inout SplitMix64) -> String {
    let id = 505_874_924_095_815_681 - index * 77_003
    let userId = 1_186_275_104 + Int(random.next() % 1_000_000)
    let japanese = random.next() % 2 == 0
    let text =
      japanese ? random.words(8, from: Words.japanese) : random.words(14, from: Words.english)
    let name = random.words(2, from: japanese ? Words.japanese : Words.english)
    let hashtags = (0..<Int(random.next() % 3)).map { i in
      "{\"text\":\"\(random.words(1, from: Words.english))\",\"indices\":[\(i * 10),\(i * 10 + 8)]}"
    }
    let mentions = (0..<Int(random.next() % 2)).map { _ in
      "{\"screen_name\":\"user\(random.next() % 10_000)\",\"name\":\"\(random.words(2, from: Words.english))\",\"id\":\(random.next() % 3_000_000_000),\"id_str\":\"\(random.next() % 3_000_000_000)\",\"indices\":[3,15]}"
    }
    let reply = random.next() % 4 == 0 ? "\(id - 1000)" : "null"
    return """
      {"metadata":{"result_type":"recent","iso_language_code":"\(japanese ? "ja" : "en")"},"created_at":"Sun Aug 31 00:29:15 +0000 2014","id":\(id),"id_str":"\(id)","text":"\(text) \\u2728 \\/ @user","source":"<a href=\\"http://twitter.com/download/iphone\\" rel=\\"nofollow\\">Twitter for iPhone</a>","truncated":false,"in_reply_to_status_id":\(reply),"in_reply_to_status_id_str":null,"in_reply_to_user_id":null,"in_reply_to_user_id_str":null,"in_reply_to_screen_name":null,"user":{"id":\(userId),"id_str":"\(userId)","name":"\(name)","screen_name":"user_\(userId % 100_000)","location":"\(random.words(1, from: Words.japanese))","description":"\(random.words(10, from: japanese ? Words.japanese : Words.english))","url":null,"entities":{"description":{"urls":[]}},"protected":false,"followers_count":\(random.next() % 100_000),"friends_count":\(random.next() % 5_000),"listed_count":\(random.next() % 100),"created_at":"Mon Mar 26 04:36:42 +0000 2012","favourites_count":\(random.next() % 10_000),"utc_offset":null,"time_zone":null,"geo_enabled":\(random.next() % 2 == 0),"verified":false,"statuses_count":\(random.next() % 50_000),"lang":"ja","contributors_enabled":false,"is_translator":false,"is_translation_enabled":false,"profile_background_color":"C0DEED","profile_background_image_url":"http://abs.twimg.com/images/themes/theme1/bg.png","profile_background_image_url_https":"https://abs.twimg.com/images/themes/theme1/bg.png","profile_background_tile":false,"profile_image_url":"http://pbs.twimg.com/profile_images/\(random.next() % 1_000_000_000)/a_normal.jpeg","profile_image_url_https":"https://pbs.twimg.com/profile_images/a_normal.jpeg","profile_link_color":"0084B4","profile_sidebar_border_color":"C0DEED","profile_sidebar_fill_color":"DDEEF6","profile_text_color":"333333","profile_use_background_image":true,"default_profile":true,"default_profile_image":false,"following":false,"follow_request_sent":false,"notifications":false},"geo":null,"coordinates":null,"place":null,"contributors":null,"retweet_count":\(random.next() % 1000),"favorite_count":\(random.next() % 1000),"entities":{"hashtags":[\(hashtags.joined(separator: ","))],"symbols":[],"urls":[],"user_mentions":[\(mentions.joined(separator: ","))]},"favorited":false,"retweeted":false,"lang":"\(japanese ? "ja" : "en")"}
      """
  }
}

/// A tiny deterministic generator (SplitMix64): the corpora must not depend on the platform's
/// random source.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
  mutating func words(_ count: Int, from pool: [String]) -> String {
    (0..<count).map { _ in pool[Int(next() % UInt64(pool.count))] }.joined(separator: " ")
  }
  mutating func hex(_ count: Int) -> String {
    String((0..<count).map { _ in Array("0123456789ABCDEF")[Int(next() % 16)] })
  }
}

enum Words {
  static let english = [
    "golden", "hour", "kitchen", "gulls", "harbour", "sunset", "bay", "photo", "morning", "coffee",
    "train", "station", "river", "bridge", "night", "market", "street", "rain", "autumn", "light",
  ]
  static let japanese = [
    "カフェ", "京都", "朝", "写真", "夕焼け", "海", "電車", "駅", "川", "橋", "夜", "市場", "雨", "秋", "光", "一",
  ]
  static let french = [
    "Arrière-scène", "central", "Balcon", "Orchestre", "Parterre", "côté", "jardin", "cour",
    "Mezzanine", "Loge", "Première", "catégorie", "Récital", "Opéra", "Symphonie", "Concert",
  ]
}
