/// The date formats in force somewhere in one decode or export. Decoders and encoders name a
/// format by its index (0 is the call's), so copying them copies no reference.
struct DateFormatTable {
  /// The call's format, index 0.
  let callFormat: JSONDateFormat
  /// Formats models and properties chose, index 1 onwards.
  private var chosen: [JSONDateFormat] = []

  init(callFormat: JSONDateFormat) {
    self.callFormat = callFormat
  }

  /// The index of a format, adding it when new.
  mutating func index(of format: JSONDateFormat) -> Int {
    if format == callFormat { return 0 }
    if let index = chosen.firstIndex(of: format) { return index + 1 }
    chosen.append(format)
    return chosen.count
  }

  /// The format at an index from ``index(of:)``.
  func format(at index: Int) -> JSONDateFormat {
    index == 0 ? callFormat : chosen[index - 1]
  }
}
