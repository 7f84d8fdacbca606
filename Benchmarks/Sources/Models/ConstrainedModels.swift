// The twitter models with constraints a user would write on them (twelve `@Constraint`s on a
// status, its user and its hashtags), and otherwise the same fields as `TwitterResponse`,
// `Status`, `User` and `Entities`: what checking them costs is the difference between the two.
// `Benchmarks/Scripts/constraints.py` states the same constraints for pydantic and msgspec.
// swift-format-ignore-file
import Bindery
import Foundation

/// A search API response whose statuses are checked.
@JSONModel
public struct ConstrainedTwitterResponse: Sendable {
  public var statuses: [ConstrainedStatus]
  public var search_metadata: SearchMetadata
}

/// `Status` with constraints.
@JSONModel
public struct ConstrainedStatus: Sendable {
  public var metadata: Metadata
  public var created_at: String
  @Constraint(.greaterThan(0)) public var id: Int64
  @Constraint(.pattern("^[0-9]+$")) public var id_str: String
  @Constraint(.length(1...140)) public var text: String
  public var source: String
  public var truncated: Bool
  public var in_reply_to_status_id: Int64?
  public var in_reply_to_status_id_str: String?
  public var in_reply_to_user_id: Int64?
  public var in_reply_to_user_id_str: String?
  public var in_reply_to_screen_name: String?
  public var user: ConstrainedUser
  public var geo: String?
  public var coordinates: String?
  public var place: String?
  public var contributors: String?
  public var retweeted_status: RetweetedStatus?
  @Constraint(.atLeast(0)) public var retweet_count: Int
  @Constraint(.atLeast(0)) public var favorite_count: Int
  public var entities: ConstrainedEntities
  public var favorited: Bool
  public var retweeted: Bool
  public var possibly_sensitive: Bool?
  @Constraint(.allowed(["ja", "zh", "en", "ko", "es"])) public var lang: String
}

/// `User` with constraints.
@JSONModel
public struct ConstrainedUser: Sendable {
  @Constraint(.greaterThan(0)) public var id: Int64
  public var id_str: String
  @Constraint(.maxLength(50)) public var name: String
  @Constraint(.pattern("^[A-Za-z0-9_]{1,15}$")) public var screen_name: String
  public var location: String
  public var description: String
  public var url: String?
  public var entities: UserEntities
  public var protected: Bool
  @Constraint(.atLeast(0)) public var followers_count: Int
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

/// `Entities` with constraints on the hashtags.
@JSONModel
public struct ConstrainedEntities: Sendable {
  @Constraint(.maxCount(10)) public var hashtags: [ConstrainedHashtag]
  public var symbols: [Hashtag]
  public var urls: [URLEntity]
  public var user_mentions: [Mention]
  public var media: [Media]?
}

/// `Hashtag` with a non-empty text.
@JSONModel
public struct ConstrainedHashtag: Sendable {
  @Constraint(.minLength(1)) public var text: String
  public var indices: [Int]
}
