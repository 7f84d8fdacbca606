/// Settings that apply below a point of the decode: a model's or property's own choices
/// override the call's.
@usableFromInline
struct JSONDecodingScope {
  var coercesValues = false
  @usableFromInline var lossy = false
  /// The index of the date format in force (see `JSONDecodingContext.dateFormat(at:)`).
  var dateFormat = 0
  /// How many objects enclose this point: the slot of the member search state of an object
  /// decoder opened here.
  var depth = 0
  /// The first free position of the context's member regions: where an object decoder
  /// prefetching here keeps its members (see `JSONObjectDecoder._prefetching(_:)`).
  var memberTop = 0
}
