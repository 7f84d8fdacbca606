// The models the example serves: twitter statuses, mapped with @JSONModel. Property names are
// Swift's; `keyStrategy: .snakeCase` gives each its JSON key (`screenName` ↔ `screen_name`).
import Bindery

/// A status (a tweet) as the search API returns it; a retweet carries the original.
@JSONModel(keyStrategy: .snakeCase)
struct Status: Sendable {
  var metadata: Metadata
  var createdAt: String
  var id: Int64
  var idStr: String
  var text: String
  var source: String
  var truncated: Bool
  var inReplyToStatusId: Int64?
  var inReplyToStatusIdStr: String?
  var inReplyToUserId: Int64?
  var inReplyToUserIdStr: String?
  var inReplyToScreenName: String?
  var user: User
  var geo: String?
  var coordinates: String?
  var place: String?
  var contributors: String?
  var retweetedStatus: RetweetedStatus?
  var retweetCount: Int
  var favoriteCount: Int
  var entities: Entities
  var favorited: Bool
  var retweeted: Bool
  var possiblySensitive: Bool?
  var lang: String
}

/// The status a retweet repeats: the fields of ``Status`` but `retweetedStatus`.
@JSONModel(keyStrategy: .snakeCase)
struct RetweetedStatus: Sendable {
  var metadata: Metadata
  var createdAt: String
  var id: Int64
  var idStr: String
  var text: String
  var source: String
  var truncated: Bool
  var inReplyToStatusId: Int64?
  var inReplyToStatusIdStr: String?
  var inReplyToUserId: Int64?
  var inReplyToUserIdStr: String?
  var inReplyToScreenName: String?
  var user: User
  var geo: String?
  var coordinates: String?
  var place: String?
  var contributors: String?
  var retweetCount: Int
  var favoriteCount: Int
  var entities: Entities
  var favorited: Bool
  var retweeted: Bool
  var possiblySensitive: Bool?
  var lang: String
}

/// How the search found a status.
@JSONModel(keyStrategy: .snakeCase)
struct Metadata: Sendable {
  var resultType: String
  var isoLanguageCode: String
}

/// The author of a status.
@JSONModel(keyStrategy: .snakeCase)
struct User: Sendable {
  var id: Int64
  var idStr: String
  var name: String
  var screenName: String
  var location: String
  var description: String
  var url: String?
  var entities: UserEntities
  var protected: Bool
  var followersCount: Int
  var friendsCount: Int
  var listedCount: Int
  var createdAt: String
  var favouritesCount: Int
  var utcOffset: Int?
  var timeZone: String?
  var geoEnabled: Bool
  var verified: Bool
  var statusesCount: Int
  var lang: String
  var contributorsEnabled: Bool
  var isTranslator: Bool
  var isTranslationEnabled: Bool
  var profileBackgroundColor: String
  var profileBackgroundImageUrl: String
  var profileBackgroundImageUrlHttps: String
  var profileBackgroundTile: Bool
  var profileImageUrl: String
  var profileImageUrlHttps: String
  var profileBannerUrl: String?
  var profileLinkColor: String
  var profileSidebarBorderColor: String
  var profileSidebarFillColor: String
  var profileTextColor: String
  var profileUseBackgroundImage: Bool
  var defaultProfile: Bool
  var defaultProfileImage: Bool
  var following: Bool
  var followRequestSent: Bool
  var notifications: Bool
}

/// The links in a user's description and profile URL.
@JSONModel(keyStrategy: .snakeCase)
struct UserEntities: Sendable {
  var description: URLList
  var url: URLList?
}

/// A list of links.
@JSONModel(keyStrategy: .snakeCase)
struct URLList: Sendable {
  var urls: [URLEntity]
}

/// A link in a text, with where it appears.
@JSONModel(keyStrategy: .snakeCase)
struct URLEntity: Sendable {
  var url: String
  var expandedUrl: String
  var displayUrl: String
  var indices: [Int]
}

/// What a status's text mentions; symbols have the shape of hashtags.
@JSONModel(keyStrategy: .snakeCase)
struct Entities: Sendable {
  var hashtags: [Hashtag]
  var symbols: [Hashtag]
  var urls: [URLEntity]
  var userMentions: [Mention]
  var media: [Media]?
}

/// A hashtag (or a symbol) in a text.
@JSONModel(keyStrategy: .snakeCase)
struct Hashtag: Sendable {
  var text: String
  var indices: [Int]
}

/// A user named in a text.
@JSONModel(keyStrategy: .snakeCase)
struct Mention: Sendable {
  var screenName: String
  var name: String
  var id: Int64
  var idStr: String
  var indices: [Int]
}

/// A photo attached to a status.
@JSONModel(keyStrategy: .snakeCase)
struct Media: Sendable {
  var id: Int64
  var idStr: String
  var indices: [Int]
  var mediaUrl: String
  var mediaUrlHttps: String
  var url: String
  var displayUrl: String
  var expandedUrl: String
  var type: String
  var sizes: MediaSizes
  var sourceStatusId: Int64?
  var sourceStatusIdStr: String?
}

/// The sizes a photo is offered in.
@JSONModel(keyStrategy: .snakeCase)
struct MediaSizes: Sendable {
  var medium: MediaSize
  var small: MediaSize
  var thumb: MediaSize
  var large: MediaSize
}

/// One size of a photo.
@JSONModel(keyStrategy: .snakeCase)
struct MediaSize: Sendable {
  var w: Int
  var h: Int
  var resize: String
}
