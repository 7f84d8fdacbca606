/// The state of one export: the writer, the options, the top-level model's filter and the
/// date formats in force.
@usableFromInline
final class JSONEncodingContext {
  /// The writer, behind a pointer: a class's stored properties are checked for exclusive
  /// access on every write, and the writer is written for every value.
  let writer: UnsafeMutablePointer<JSONWriter>
  let options: JSONEncodingOptions
  /// Which properties of the top-level model are written.
  let filter: JSONExportFilter?
  /// The date formats in force somewhere in this export.
  var dateFormats: DateFormatTable

  init(options: JSONEncodingOptions, filter: JSONExportFilter? = nil) {
    self.options = options
    self.filter = filter
    self.dateFormats = DateFormatTable(callFormat: options.dates)
    writer = .allocate(capacity: 1)
    writer.initialize(to: JSONWriter(options: options.writing))
  }

  /// The index of a date format, adding it when new.
  func dateFormatIndex(_ format: JSONDateFormat) -> Int { dateFormats.index(of: format) }

  /// The date format at an index from ``dateFormatIndex(_:)``; 0 is the call's.
  func dateFormat(at index: Int) -> JSONDateFormat { dateFormats.format(at: index) }

  deinit {
    writer.deinitialize(count: 1)
    writer.deallocate()
  }

  func write(_ body: (inout JSONWriter) throws(JSONWriteError) -> Void) throws(JSONEncodingError) {
    do {
      try body(&writer.pointee)
    } catch {
      throw JSONEncodingError(message: error.description)
    }
  }
}
