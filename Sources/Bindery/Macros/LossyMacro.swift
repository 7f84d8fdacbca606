/// Makes a collection property skip elements that fail to decode, recording each skip as a
/// warning; a non-empty collection that loses every element is still an error.
///
/// ```swift
/// @Lossy var photos: [Photo]
/// ```
@attached(peer)
public macro Lossy() = #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
