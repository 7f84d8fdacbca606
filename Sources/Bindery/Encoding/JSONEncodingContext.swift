/// The state of one export: the writer, the options, the top-level model's filter and the
/// date formats in force.
@usableFromInline
final class JSONEncodingContext: LeasingContext {
  /// The writer, written for every value without the run-time exclusivity check.
  let writer: UncheckedState<JSONWriter>
  let options: JSONEncodingOptions
  /// Which properties of the top-level model are written.
  var filter: JSONPropertyFilter? { options.properties }
  /// The date formats in force somewhere in this export.
  var dateFormats: DateFormatTable
  /// The generation cell that tells the encoders' references whether this export still runs.
  let lease: ContextLease

  /// A context whose writer starts with room for `capacity` bytes.
  init(options: JSONEncodingOptions, capacity: Int = OutputSizeHint.initial) {
    self.options = options
    self.dateFormats = DateFormatTable(callFormat: options.dates)
    writer = UncheckedState(JSONWriter(options: options.writing, capacity: capacity))
    // Taken last: an opaque call before the stores above makes the compiler copy `options`.
    lease = ContextLease.acquire()
  }

  deinit { lease.release() }

  /// The index of a date format, adding it when new.
  func dateFormatIndex(_ format: JSONDateFormat) -> Int { dateFormats.index(of: format) }

  /// The date format at an index from ``dateFormatIndex(_:)``; 0 is the call's.
  func dateFormat(at index: Int) -> JSONDateFormat { dateFormats.format(at: index) }

  /// An error about the value being written here (see `JSONWriter.error(_:_:cause:)`).
  func error(_ kind: JSONWriteError.Kind, _ message: String, cause: (any Error)? = nil)
    -> JSONWriteError
  {
    writer.pointee.error(kind, message, cause: cause)
  }

  /// `error` as it leaves the value being written here: a `JSONWriteError` as it is (it
  /// already names its path), anything else (a transformer's or a custom encoder's own error)
  /// as an invalid value at this path, kept as the cause.
  @usableFromInline
  func located(_ error: any Error) -> JSONWriteError {
    if let error = error as? JSONWriteError { return error }
    return self.error(.invalidValue, "\(error)", cause: error)
  }
}

extension ContextReference where Context == JSONEncodingContext {
  /// The export's writer, reached without reference counting.
  @usableFromInline var writer: UnsafeMutablePointer<JSONWriter> {
    withContext { $0.writer.address }
  }

  /// Runs `body` on the export's writer.
  @usableFromInline @inline(__always)
  func write(_ body: (inout JSONWriter) throws(JSONWriteError) -> Void) throws(JSONWriteError) {
    try body(&writer.pointee)
  }
}
