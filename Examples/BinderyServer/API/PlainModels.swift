// The same statuses as plain Codable structs, written as a Foundation user writes them (property
// names are the JSON keys, so that no coder converts keys at run time): what the server decodes
// and encodes when it runs with `--coders foundation`, `naive` or `codable`.
// The property names are the JSON's snake_case keys, which the lint would rename:
// swift-format-ignore-file

/// Statuses as plain `Codable` types.
enum Plain {
  /// A status (a tweet) as the search API returns it; a retweet carries the original.
  struct Status: Codable, Sendable {
    var metadata: Metadata
    var created_at: String
    var id: Int64
    var id_str: String
    var text: String
    var source: String
    var truncated: Bool
    var in_reply_to_status_id: Int64?
    var in_reply_to_status_id_str: String?
    var in_reply_to_user_id: Int64?
    var in_reply_to_user_id_str: String?
    var in_reply_to_screen_name: String?
    var user: User
    var geo: String?
    var coordinates: String?
    var place: String?
    var contributors: String?
    var retweeted_status: RetweetedStatus?
    var retweet_count: Int
    var favorite_count: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var possibly_sensitive: Bool?
    var lang: String
  }

  /// The status a retweet repeats: the fields of ``Status`` but `retweetedStatus`.
  struct RetweetedStatus: Codable, Sendable {
    var metadata: Metadata
    var created_at: String
    var id: Int64
    var id_str: String
    var text: String
    var source: String
    var truncated: Bool
    var in_reply_to_status_id: Int64?
    var in_reply_to_status_id_str: String?
    var in_reply_to_user_id: Int64?
    var in_reply_to_user_id_str: String?
    var in_reply_to_screen_name: String?
    var user: User
    var geo: String?
    var coordinates: String?
    var place: String?
    var contributors: String?
    var retweet_count: Int
    var favorite_count: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var possibly_sensitive: Bool?
    var lang: String
  }

  /// How the search found a status.
  struct Metadata: Codable, Sendable {
    var result_type: String
    var iso_language_code: String
  }

  /// The author of a status.
  struct User: Codable, Sendable {
    var id: Int64
    var id_str: String
    var name: String
    var screen_name: String
    var location: String
    var description: String
    var url: String?
    var entities: UserEntities
    var protected: Bool
    var followers_count: Int
    var friends_count: Int
    var listed_count: Int
    var created_at: String
    var favourites_count: Int
    var utc_offset: Int?
    var time_zone: String?
    var geo_enabled: Bool
    var verified: Bool
    var statuses_count: Int
    var lang: String
    var contributors_enabled: Bool
    var is_translator: Bool
    var is_translation_enabled: Bool
    var profile_background_color: String
    var profile_background_image_url: String
    var profile_background_image_url_https: String
    var profile_background_tile: Bool
    var profile_image_url: String
    var profile_image_url_https: String
    var profile_banner_url: String?
    var profile_link_color: String
    var profile_sidebar_border_color: String
    var profile_sidebar_fill_color: String
    var profile_text_color: String
    var profile_use_background_image: Bool
    var default_profile: Bool
    var default_profile_image: Bool
    var following: Bool
    var follow_request_sent: Bool
    var notifications: Bool
  }

  /// The links in a user's description and profile URL.
  struct UserEntities: Codable, Sendable {
    var description: URLList
    var url: URLList?
  }

  /// A list of links.
  struct URLList: Codable, Sendable {
    var urls: [URLEntity]
  }

  /// A link in a text, with where it appears.
  struct URLEntity: Codable, Sendable {
    var url: String
    var expanded_url: String
    var display_url: String
    var indices: [Int]
  }

  /// What a status's text mentions; symbols have the shape of hashtags.
  struct Entities: Codable, Sendable {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var user_mentions: [Mention]
    var media: [Media]?
  }

  /// A hashtag (or a symbol) in a text.
  struct Hashtag: Codable, Sendable {
    var text: String
    var indices: [Int]
  }

  /// A user named in a text.
  struct Mention: Codable, Sendable {
    var screen_name: String
    var name: String
    var id: Int64
    var id_str: String
    var indices: [Int]
  }

  /// A photo attached to a status.
  struct Media: Codable, Sendable {
    var id: Int64
    var id_str: String
    var indices: [Int]
    var media_url: String
    var media_url_https: String
    var url: String
    var display_url: String
    var expanded_url: String
    var type: String
    var sizes: MediaSizes
    var source_status_id: Int64?
    var source_status_id_str: String?
  }

  /// The sizes a photo is offered in.
  struct MediaSizes: Codable, Sendable {
    var medium: MediaSize
    var small: MediaSize
    var thumb: MediaSize
    var large: MediaSize
  }

  /// One size of a photo.
  struct MediaSize: Codable, Sendable {
    var w: Int
    var h: Int
    var resize: String
  }
}
