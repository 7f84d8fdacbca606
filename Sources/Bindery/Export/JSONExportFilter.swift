/// Which properties of the top-level model an export writes.
struct JSONExportFilter {
  var included: Set<String>?
  var excluded: Set<String> = []

  func includes(_ property: String) -> Bool {
    if excluded.contains(property) { return false }
    return included?.contains(property) ?? true
  }
}
