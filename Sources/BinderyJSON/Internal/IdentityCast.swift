/// `value`, of a generic type the caller has just found to be `Target` (`T.self == Int.self`),
/// as a `Target`: the one place Bindery turns a type test into a typed value.
///
/// Invariant: `Source` and `Target` are the same type. The caller's test establishes it; this
/// function checks it again, in every build, before it reinterprets the bits. Where the types
/// are known at compile time (specialised code, the fast paths that call this) both the test and
/// the check fold away and the cast costs nothing; a dynamic cast (`as? T`) would look up
/// conformances at run time instead.
///
/// - Parameters:
///   - value: The value.
///   - target: The type the caller found `Source` to be.
/// - Returns: The same value, typed as `Target`.
@inlinable @inline(__always)
package func identityCast<Source, Target>(_ value: Source, to target: Target.Type) -> Target {
  precondition(Source.self == Target.self, "identityCast from \(Source.self) to \(Target.self)")
  return unsafeBitCast(value, to: Target.self)
}

/// ``identityCast(_:to:)`` for an array whose element type the caller has found to be
/// `Target`: the check compares the element types, so unspecialised code does not ask the
/// runtime for the metadata of `[Target]` (a look-up on every call). `Array` holds one
/// reference whatever its element, so reinterpreting it needs no metadata either.
///
/// - Parameters:
///   - array: The array.
///   - target: The type the caller found `Source` to be.
/// - Returns: The same array, typed as `[Target]`.
@inlinable @inline(__always)
package func identityCast<Source, Target>(_ array: [Source], toArrayOf target: Target.Type)
  -> [Target]
{
  precondition(Source.self == Target.self, "identityCast from [\(Source.self)] to [\(Target.self)]")
  return unsafeBitCast(array, to: [Target].self)
}
