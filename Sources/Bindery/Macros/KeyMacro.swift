/// Maps a property to a JSON key other than its name, or to a nested path, with fallbacks.
///
/// ```swift
/// @Key("published") var date: Date                 // renamed
/// @Key("media.m") var url: URL                     // nested; written back as {"media": {"m": …}}
/// @Key("average", "mean") var average: Double      // "mean" tried when "average" is missing
/// @Key("a\\.b") var dotted: Int                    // a key containing a dot
/// ```
///
/// On an enum case, the JSON string (or tag value) of the case.
///
/// - Parameters:
///   - key: The key or dotted path, used in both directions.
///   - fallbacks: Keys tried in order when decoding and `key` is missing.
@attached(peer)
public macro Key(_ key: String, _ fallbacks: String...) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")

/// Maps a property to different keys when reading and when writing.
///
/// ```swift
/// @Key(decode: "userEmail", "email", encode: "email") var email: String
/// ```
///
/// - Parameters:
///   - decode: The key or dotted path read.
///   - fallbacks: Further keys tried in order when reading.
///   - encode: The key or dotted path written.
@attached(peer)
public macro Key(decode: String, _ fallbacks: String..., encode: String) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
