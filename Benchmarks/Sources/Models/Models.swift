// Models of the standard benchmark files, in three families with the same stored fields and
// JSON keys. Property names spell the JSON keys, so no key strategy is involved.
//
// - Top level: `@JSONModel` types (the macro supplies their `Codable` conformance too; the
//   comparison never uses it). Read and written through `init(json:)` and `jsonBytes()`.
// - `Plain`: the same types with only the compiler's synthesized `Codable`, for Foundation's
//   `JSONDecoder`/`JSONEncoder` and Bindery's `BinderyDecoder`/`BinderyEncoder`.
// - `Dated`: the `@JSONModel` twitter types that read every `created_at` as a `Date`.
//
// Fields that are `null` in every file are `String?`. A retweet's original is a
// `RetweetedStatus`: the fields of `Status` but `retweeted_status`, so no type holds itself.
// swift-format-ignore-file
import Bindery
import Foundation

/// A search API response (twitter.json).
@JSONModel
public struct TwitterResponse: Sendable {
  public var statuses: [Status]
  public var search_metadata: SearchMetadata
}

/// The paging details of a search API response (twitter_search_metadata.json).
@JSONModel
public struct SearchMetadata: Sendable {
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

/// One status (twitter_status.json); a retweet carries the original in `retweeted_status`.
///
/// `geo`, `coordinates`, `place` and `contributors` are `null` in every status of the files.
@JSONModel
public struct Status: Sendable {
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
  public var retweeted_status: RetweetedStatus?
  public var retweet_count: Int
  public var favorite_count: Int
  public var entities: Entities
  public var favorited: Bool
  public var retweeted: Bool
  public var possibly_sensitive: Bool?
  public var lang: String
}

/// The status a retweet repeats: the fields of ``Status`` but `retweeted_status`.
@JSONModel
public struct RetweetedStatus: Sendable {
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
  public var possibly_sensitive: Bool?
  public var lang: String
}

/// How the search found a status.
@JSONModel
public struct Metadata: Sendable {
  public var result_type: String
  public var iso_language_code: String
}

/// The author of a status.
@JSONModel
public struct User: Sendable {
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
  public var profile_background_image_url_https: String
  public var profile_background_tile: Bool
  public var profile_image_url: String
  public var profile_image_url_https: String
  public var profile_banner_url: String?
  public var profile_link_color: String
  public var profile_sidebar_border_color: String
  public var profile_sidebar_fill_color: String
  public var profile_text_color: String
  public var profile_use_background_image: Bool
  public var default_profile: Bool
  public var default_profile_image: Bool
  public var following: Bool
  public var follow_request_sent: Bool
  public var notifications: Bool
}

/// The links in a user's description and profile URL.
@JSONModel
public struct UserEntities: Sendable {
  public var description: URLList
  public var url: URLList?
}

/// A list of links.
@JSONModel
public struct URLList: Sendable {
  public var urls: [URLEntity]
}

/// A link in a text, with where it appears.
@JSONModel
public struct URLEntity: Sendable {
  public var url: String
  public var expanded_url: String
  public var display_url: String
  public var indices: [Int]
}

/// What a status's text mentions. Symbols have the shape of hashtags.
@JSONModel
public struct Entities: Sendable {
  public var hashtags: [Hashtag]
  public var symbols: [Hashtag]
  public var urls: [URLEntity]
  public var user_mentions: [Mention]
  public var media: [Media]?
}

/// A hashtag (or a symbol) in a text.
@JSONModel
public struct Hashtag: Sendable {
  public var text: String
  public var indices: [Int]
}

/// A user named in a text.
@JSONModel
public struct Mention: Sendable {
  public var screen_name: String
  public var name: String
  public var id: Int64
  public var id_str: String
  public var indices: [Int]
}

/// A photo attached to a status.
@JSONModel
public struct Media: Sendable {
  public var id: Int64
  public var id_str: String
  public var indices: [Int]
  public var media_url: String
  public var media_url_https: String
  public var url: String
  public var display_url: String
  public var expanded_url: String
  public var type: String
  public var sizes: MediaSizes
  public var source_status_id: Int64?
  public var source_status_id_str: String?
}

/// The sizes a photo is offered in.
@JSONModel
public struct MediaSizes: Sendable {
  public var medium: MediaSize
  public var small: MediaSize
  public var thumb: MediaSize
  public var large: MediaSize
}

/// One size of a photo.
@JSONModel
public struct MediaSize: Sendable {
  public var w: Int
  public var h: Int
  public var resize: String
}

/// An event catalog (citm_catalog.json): names keyed by numeric-string ids, events, performances.
@JSONModel
public struct Catalog: Sendable {
  public var areaNames: [String: String]
  public var audienceSubCategoryNames: [String: String]
  public var blockNames: [String: String]
  public var events: [String: Event]
  public var performances: [Performance]
  public var seatCategoryNames: [String: String]
  public var subTopicNames: [String: String]
  public var subjectNames: [String: String]
  public var topicNames: [String: String]
  public var topicSubTopics: [String: [Int]]
  public var venueNames: [String: String]

  /// An event of the catalog.
  @JSONModel
  public struct Event: Sendable {
    public var description: String?
    public var id: Int
    public var logo: String?
    public var name: String
    public var subTopicIds: [Int]
    public var subjectCode: String?
    public var subtitle: String?
    public var topicIds: [Int]
  }

  /// A performance of an event.
  @JSONModel
  public struct Performance: Sendable {
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

  /// A price of a seat category for an audience.
  @JSONModel
  public struct Price: Sendable {
    public var amount: Int
    public var audienceSubCategoryId: Int
    public var seatCategoryId: Int
  }

  /// A seat category and the areas it covers.
  @JSONModel
  public struct SeatCategory: Sendable {
    public var areas: [Area]
    public var seatCategoryId: Int
  }

  /// An area of the hall and its blocks.
  @JSONModel
  public struct Area: Sendable {
    public var areaId: Int
    public var blockIds: [Int]
  }
}

/// A GeoJSON feature collection (canada.json).
@JSONModel
public struct FeatureCollection: Sendable {
  public var type: String
  public var features: [Feature]

  /// A GeoJSON feature.
  @JSONModel
  public struct Feature: Sendable {
    public var type: String
    public var properties: Properties
    public var geometry: Geometry
  }

  /// The properties of a feature.
  @JSONModel
  public struct Properties: Sendable {
    public var name: String
  }

  /// A GeoJSON polygon: rings of [longitude, latitude] points.
  @JSONModel
  public struct Geometry: Sendable {
    public var type: String
    public var coordinates: [[[Double]]]
  }
}

/// The benchmark models with only the compiler's synthesized `Codable`: the same stored fields
/// and JSON keys as the `@JSONModel` types of the same names.
public enum Plain {
  /// A search API response (twitter.json).
  public struct TwitterResponse: Codable, Sendable {
    public var statuses: [Status]
    public var search_metadata: SearchMetadata
  }

  /// The paging details of a search API response (twitter_search_metadata.json).
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

  /// One status (twitter_status.json); a retweet carries the original in `retweeted_status`.
  ///
  /// `geo`, `coordinates`, `place` and `contributors` are `null` in every status of the files.
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
    public var retweeted_status: RetweetedStatus?
    public var retweet_count: Int
    public var favorite_count: Int
    public var entities: Entities
    public var favorited: Bool
    public var retweeted: Bool
    public var possibly_sensitive: Bool?
    public var lang: String
  }

  /// The status a retweet repeats: the fields of ``Status`` but `retweeted_status`.
  public struct RetweetedStatus: Codable, Sendable {
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
    public var possibly_sensitive: Bool?
    public var lang: String
  }

  /// How the search found a status.
  public struct Metadata: Codable, Sendable {
    public var result_type: String
    public var iso_language_code: String
  }

  /// The author of a status.
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
    public var profile_background_image_url_https: String
    public var profile_background_tile: Bool
    public var profile_image_url: String
    public var profile_image_url_https: String
    public var profile_banner_url: String?
    public var profile_link_color: String
    public var profile_sidebar_border_color: String
    public var profile_sidebar_fill_color: String
    public var profile_text_color: String
    public var profile_use_background_image: Bool
    public var default_profile: Bool
    public var default_profile_image: Bool
    public var following: Bool
    public var follow_request_sent: Bool
    public var notifications: Bool
  }

  /// The links in a user's description and profile URL.
  public struct UserEntities: Codable, Sendable {
    public var description: URLList
    public var url: URLList?
  }

  /// A list of links.
  public struct URLList: Codable, Sendable {
    public var urls: [URLEntity]
  }

  /// A link in a text, with where it appears.
  public struct URLEntity: Codable, Sendable {
    public var url: String
    public var expanded_url: String
    public var display_url: String
    public var indices: [Int]
  }

  /// What a status's text mentions. Symbols have the shape of hashtags.
  public struct Entities: Codable, Sendable {
    public var hashtags: [Hashtag]
    public var symbols: [Hashtag]
    public var urls: [URLEntity]
    public var user_mentions: [Mention]
    public var media: [Media]?
  }

  /// A hashtag (or a symbol) in a text.
  public struct Hashtag: Codable, Sendable {
    public var text: String
    public var indices: [Int]
  }

  /// A user named in a text.
  public struct Mention: Codable, Sendable {
    public var screen_name: String
    public var name: String
    public var id: Int64
    public var id_str: String
    public var indices: [Int]
  }

  /// A photo attached to a status.
  public struct Media: Codable, Sendable {
    public var id: Int64
    public var id_str: String
    public var indices: [Int]
    public var media_url: String
    public var media_url_https: String
    public var url: String
    public var display_url: String
    public var expanded_url: String
    public var type: String
    public var sizes: MediaSizes
    public var source_status_id: Int64?
    public var source_status_id_str: String?
  }

  /// The sizes a photo is offered in.
  public struct MediaSizes: Codable, Sendable {
    public var medium: MediaSize
    public var small: MediaSize
    public var thumb: MediaSize
    public var large: MediaSize
  }

  /// One size of a photo.
  public struct MediaSize: Codable, Sendable {
    public var w: Int
    public var h: Int
    public var resize: String
  }

  /// An event catalog (citm_catalog.json): names keyed by numeric-string ids, events, performances.
  public struct Catalog: Codable, Sendable {
    public var areaNames: [String: String]
    public var audienceSubCategoryNames: [String: String]
    public var blockNames: [String: String]
    public var events: [String: Event]
    public var performances: [Performance]
    public var seatCategoryNames: [String: String]
    public var subTopicNames: [String: String]
    public var subjectNames: [String: String]
    public var topicNames: [String: String]
    public var topicSubTopics: [String: [Int]]
    public var venueNames: [String: String]

    /// An event of the catalog.
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

    /// A performance of an event.
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

    /// A price of a seat category for an audience.
    public struct Price: Codable, Sendable {
      public var amount: Int
      public var audienceSubCategoryId: Int
      public var seatCategoryId: Int
    }

    /// A seat category and the areas it covers.
    public struct SeatCategory: Codable, Sendable {
      public var areas: [Area]
      public var seatCategoryId: Int
    }

    /// An area of the hall and its blocks.
    public struct Area: Codable, Sendable {
      public var areaId: Int
      public var blockIds: [Int]
    }
  }

  /// A GeoJSON feature collection (canada.json).
  public struct FeatureCollection: Codable, Sendable {
    public var type: String
    public var features: [Feature]

    /// A GeoJSON feature.
    public struct Feature: Codable, Sendable {
      public var type: String
      public var properties: Properties
      public var geometry: Geometry
    }

    /// The properties of a feature.
    public struct Properties: Codable, Sendable {
      public var name: String
    }

    /// A GeoJSON polygon: rings of [longitude, latitude] points.
    public struct Geometry: Codable, Sendable {
      public var type: String
      public var coordinates: [[[Double]]]
    }
  }
}

/// The `@JSONModel` twitter types reading every `created_at` (`Sun Aug 31 00:29:15 +0000 2014`)
/// as a `Date`; otherwise the same fields and keys as the top-level types.
public enum Dated {
  /// A search API response (twitter.json).
  @JSONModel
  public struct TwitterResponse: Sendable {
    public var statuses: [Status]
    public var search_metadata: SearchMetadata
  }

  /// One status (twitter_status.json); a retweet carries the original in `retweeted_status`.
  ///
  /// `geo`, `coordinates`, `place` and `contributors` are `null` in every status of the files.
  @JSONModel
  public struct Status: Sendable {
    public var metadata: Metadata
    @Transform(.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")) public var created_at: Date
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
    public var retweeted_status: RetweetedStatus?
    public var retweet_count: Int
    public var favorite_count: Int
    public var entities: Entities
    public var favorited: Bool
    public var retweeted: Bool
    public var possibly_sensitive: Bool?
    public var lang: String
  }

  /// The status a retweet repeats: the fields of ``Status`` but `retweeted_status`.
  @JSONModel
  public struct RetweetedStatus: Sendable {
    public var metadata: Metadata
    @Transform(.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")) public var created_at: Date
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
    public var possibly_sensitive: Bool?
    public var lang: String
  }

  /// The author of a status.
  @JSONModel
  public struct User: Sendable {
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
    @Transform(.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")) public var created_at: Date
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
    public var profile_background_image_url_https: String
    public var profile_background_tile: Bool
    public var profile_image_url: String
    public var profile_image_url_https: String
    public var profile_banner_url: String?
    public var profile_link_color: String
    public var profile_sidebar_border_color: String
    public var profile_sidebar_fill_color: String
    public var profile_text_color: String
    public var profile_use_background_image: Bool
    public var default_profile: Bool
    public var default_profile_image: Bool
    public var following: Bool
    public var follow_request_sent: Bool
    public var notifications: Bool
  }
}

/// canada.json's models as a user declares them: each type at file scope, every property a
/// `let`. The same fields and keys as `FeatureCollection`, whose types are nested and `var`.
@JSONModel
public struct DeclaredFeatureCollection: Sendable {
  public let type: String
  public let features: [DeclaredFeature]
}

/// A GeoJSON feature, declared with `let`.
@JSONModel
public struct DeclaredFeature: Sendable {
  public let type: String
  public let properties: DeclaredProperties
  public let geometry: DeclaredGeometry
}

/// The properties of a feature, declared with `let`.
@JSONModel
public struct DeclaredProperties: Sendable {
  public let name: String
}

/// A GeoJSON polygon, declared with `let`.
@JSONModel
public struct DeclaredGeometry: Sendable {
  public let type: String
  public let coordinates: [[[Double]]]
}
