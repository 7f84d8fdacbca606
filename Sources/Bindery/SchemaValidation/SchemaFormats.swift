/// The `format`s a validator asserts when asked to.
enum SchemaFormats {
  /// Whether `text` has `format`; nil for a format not known (which every string has).
  static func check(_ format: String, _ text: String) -> Bool? {
    nil
  }
}
