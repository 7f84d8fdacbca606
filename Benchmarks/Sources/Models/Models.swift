import Bindery
import Foundation

// Codable models for the benchmark corpora. Property names spell the JSON keys, so no key
// strategy is involved and both decoders do the same work. Each is also a @JSONModel: Codable
// is declared, so Foundation and BinderyDecoder use the compiler's synthesized conformance and
// the model API uses the macro's members — the same types on both sides of the comparison.
// swift-format-ignore-file

@JSONModel

public struct TwitterResponse: Codable, Sendable {
  public var statuses: [Status]
  public var search_metadata: SearchMetadata?
}

@JSONModel

public struct SearchMetadata: Codable, Sendable {
  public var completed_in: Double
  public var max_id: Int64
  public var max_id_str: String
  public var next_results: String
  public var query: String
  public var refresh_url: String
  public var count: Int
  public var since_id: Int64
  public var since_id_str: String
}

@JSONModel

public struct Status: Codable, Sendable {
  public var metadata: Metadata
  public var created_at: String
  public var id: Int64
  public var id_str: String
  public var text: String
  public var source: String
  public var truncated: Bool
  public var in_reply_to_status_id: Int64?
  public var in_reply_to_status_id_str: String?
  public var in_reply_to_user_id: Int64?
  public var in_reply_to_user_id_str: String?
  public var in_reply_to_screen_name: String?
  public var user: User
  public var geo: String?
  public var coordinates: String?
  public var place: String?
  public var contributors: String?
  public var retweet_count: Int
  public var favorite_count: Int
  public var entities: Entities
  public var favorited: Bool
  public var retweeted: Bool
  public var lang: String

  @JSONModel

  public struct Metadata: Codable, Sendable {
    public var result_type: String
    public var iso_language_code: String
  }
}

@JSONModel

public struct User: Codable, Sendable {
  public var id: Int64
  public var id_str: String
  public var name: String
  public var screen_name: String
  public var location: String
  public var description: String
  public var url: String?
  public var entities: UserEntities
  public var protected: Bool
  public var followers_count: Int
  public var friends_count: Int
  public var listed_count: Int
  public var created_at: String
  public var favourites_count: Int
  public var utc_offset: Int?
  public var time_zone: String?
  public var geo_enabled: Bool
  public var verified: Bool
  public var statuses_count: Int
  public var lang: String
  public var contributors_enabled: Bool
  public var is_translator: Bool
  public var is_translation_enabled: Bool
  public var profile_background_color: String
  public var profile_background_image_url: String
  public var profile_background_tile: Bool
  public var profile_image_url: String
  public var profile_link_color: String
  public var profile_sidebar_fill_color: String
  public var profile_text_color: String
  public var profile_use_background_image: Bool
  public var default_profile: Bool
  public var default_profile_image: Bool
  public var following: Bool
  public var follow_request_sent: Bool
  public var notifications: Bool

  @JSONModel

  public struct UserEntities: Codable, Sendable {
    public var description: URLs
  }
  @JSONModel
  public struct URLs: Codable, Sendable {
    public var urls: [String]
  }
}

@JSONModel

public struct Entities: Codable, Sendable {
  public var hashtags: [Hashtag]
  public var symbols: [String]
  public var urls: [String]
  public var user_mentions: [Mention]

  @JSONModel

  public struct Hashtag: Codable, Sendable {
    public var text: String
    public var indices: [Int]
  }
  @JSONModel
  public struct Mention: Codable, Sendable {
    public var screen_name: String
    public var name: String
    public var id: Int64
    public var id_str: String
    public var indices: [Int]
  }
}

@JSONModel

public struct Catalog: Codable, Sendable {
  public var areaNames: [String: String]
  public var audienceSubCategoryNames: [String: String]
  public var blockNames: [String: String]
  public var events: [String: Event]
  public var performances: [Performance]
  public var venueNames: [String: String]

  @JSONModel

  public struct Event: Codable, Sendable {
    public var description: String?
    public var id: Int
    public var logo: String?
    public var name: String
    public var subTopicIds: [Int]
    public var subjectCode: String?
    public var subtitle: String?
    public var topicIds: [Int]
  }
  @JSONModel
  public struct Performance: Codable, Sendable {
    public var eventId: Int
    public var id: Int
    public var logo: String?
    public var name: String?
    public var prices: [Price]
    public var seatCategories: [SeatCategory]
    public var seatMapImage: String?
    public var start: Int64
    public var venueCode: String
  }
  @JSONModel
  public struct Price: Codable, Sendable {
    public var amount: Int
    public var audienceSubCategoryId: Int
    public var seatCategoryId: Int
  }
  @JSONModel
  public struct SeatCategory: Codable, Sendable {
    public var areas: [Area]
    public var seatCategoryId: Int
  }
  @JSONModel
  public struct Area: Codable, Sendable {
    public var areaId: Int
    public var blockIds: [Int]
  }
}

@JSONModel

public struct FeatureCollection: Codable, Sendable {
  public var type: String
  public var features: [Feature]

  @JSONModel

  public struct Feature: Codable, Sendable {
    public var type: String
    public var properties: [String: String]
    public var geometry: Geometry
  }
  @JSONModel
  public struct Geometry: Codable, Sendable {
    public var type: String
    public var coordinates: [[[[Double]]]]
  }
}

@JSONModel

public struct StatusPage: Codable, Sendable {
  public var statuses: [Status]
}

@JSONModel

public struct SmallUser: Codable, Sendable {
  public var id: Int64
  public var id_str: String
  public var name: String
  public var screen_name: String
  public var location: String
  public var description: String
  public var url: String?
  public var followers_count: Int
  public var friends_count: Int
  public var verified: Bool
  public var lang: String
  public var created_at: String
  public var profile_image_url: String
}
