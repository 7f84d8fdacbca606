import BinderyJSON
import Foundation

/// The bridge that makes `@JSONModel` types `Codable` with their own mapping: generated
/// `init(from:)` and `encode(to:)` call it, so `JSONDecoder`, `BinderyDecoder` and any other
/// Codable coder read and write the same JSON the model's mapping describes.
///
/// Under ``BinderyDecoder`` a model reads straight from the decoder's document (its fast path);
/// under other coders a model reads its object as a `JSONValue` through the coder's containers,
/// then through its mapping (see `Documentation/Models.md`). The mapping's
/// own problems become the `DecodingError` case that fits (`keyNotFound`, `typeMismatch`,
/// `valueNotFound`, `dataCorrupted`) with the full coding path, and the model's
/// ``JSONDecodingError`` as the underlying error.
@_documentation(visibility: private)
public enum _JSONModelCoding {
  /// The object a struct's or class's Codable `init(from:)` reads, for initializers that must
  /// delegate to `init(json:)`. Decoding stops at the first problem and throws it as a
  /// `DecodingError`.
  ///
  /// Under ``BinderyDecoder`` the object is the decoder's document where it is. Under other
  /// decoders it is read through their containers into a `JSONValue`: the members `description`
  /// names, each asked for as the type that reads it (see `JSONDecodable+Containers.swift`), so
  /// the decoder's own errors name a member of the wrong type, with its coding path.
  ///
  /// Keep the returned source alive while its ``ObjectSource/object`` is used (generated code
  /// ends with `withExtendedLifetime(source) {}`): decoders do not own the decode's state.
  ///
  /// - Parameters:
  ///   - decoder: The Codable decoder.
  ///   - description: The model's description.
  /// - Returns: The source of the object decoder.
  /// - Throws: `DecodingError` when the value is not an object.
  public static func objectSource(
    from decoder: any Decoder, describedBy description: any JSONModelDescribing
  ) throws -> ObjectSource {
    let (context, index, base): (JSONDecodingContext, Int, [any CodingKey])
    if let bindery = binderyContext(for: decoder, bridge: true) {
      (context, index, base) = bindery
    } else {
      let value =
        description.readsGuided
        ? try description.readObject(from: decoder.container(keyedBy: _JSONCodingKey.self))
        : try JSONValue(from: decoder)
      context = try foreignContext(for: value, at: decoder.codingPath, bridge: true)
      (index, base) = (0, decoder.codingPath)
    }
    let value = JSONValueDecoder(context: context, index: index, scope: JSONDecodingScope())
    do {
      return ObjectSource(context: context, object: try value.object())
    } catch {
      throw DecodingError(JSONDecodingError(problems: [error]), base: base)
    }
  }

  /// Owns the state of a bridged decode while a model reads its object.
  public final class ObjectSource {
    let context: JSONDecodingContext
    /// The object to read.
    public let object: JSONObjectDecoder

    init(context: JSONDecodingContext, object: JSONObjectDecoder) {
      self.context = context
      self.object = object
    }
  }

  /// The type of a model's property, named by a closure that reads it: generated code uses it
  /// where spelling the type could fail (a nested type's sibling, out of scope in an
  /// extension). The closure is never called.
  ///
  /// - Parameter property: Reads the property, such as `{ (model: Self) in model.title }`.
  /// - Returns: The property's type.
  @inlinable
  public static func propertyType<Model, Value>(_ property: (Model) -> Value) -> Value.Type {
    Value.self
  }

  /// The constraints of a property whose type is inferred from the property itself.
  ///
  /// - Parameters:
  ///   - property: Reads the property (never called; it names the type).
  ///   - constraints: The constraints.
  /// - Returns: The constraints.
  public static func constraints<Model, Value>(
    of property: (Model) -> Value, _ constraints: JSONConstraint<Value>...
  ) -> JSONConstraints<Value> {
    JSONConstraints(constraints)
  }

  /// The constraints of an optional property's wrapped value, whose type is inferred from the
  /// property itself.
  ///
  /// - Parameters:
  ///   - property: Reads the property (never called; it names the type).
  ///   - constraints: The constraints.
  /// - Returns: The constraints.
  public static func constraints<Model, Value>(
    ofOptional property: (Model) -> Value?, _ constraints: JSONConstraint<Value>...
  ) -> JSONConstraints<Value> {
    JSONConstraints(constraints)
  }

  /// Runs a model's `validate()` after a Codable decode, as a `DecodingError`.
  ///
  /// - Parameters:
  ///   - model: The decoded model.
  ///   - object: The decoder it was read from.
  /// - Throws: `DecodingError.dataCorrupted` when `validate()` throws.
  public static func validate(_ model: some JSONObjectDecodable, in object: JSONObjectDecoder)
    throws
  {
    do {
      try object.validate(model)
    } catch let error as JSONDecodingProblem {
      let context = object.context
      // Under another Codable decoder, what `validate()` threw is the error, as when a
      // container initializer throws it.
      if context.readsForeignValue, let cause = error.cause {
        throw validationError(cause, at: context.codingPathBase)
      }
      throw DecodingError(JSONDecodingError(problems: [error]), base: context.codingPathBase)
    } catch {
      // Failed rules, recorded in the report.
      let context = object.context
      throw DecodingError(
        JSONDecodingError(problems: context.problems), base: context.codingPathBase)
    }
  }

  /// Encodes a model through a Codable encoder, as the `JSONValue` its mapping writes.
  ///
  /// - Parameters:
  ///   - value: The model.
  ///   - encoder: The Codable encoder.
  /// - Throws: `EncodingError.invalidValue` for values JSON cannot hold.
  public static func encode<T: JSONEncodable>(_ value: T, to encoder: any Encoder) throws {
    try jsonValue(of: value, at: encoder.codingPath).encode(to: encoder)
  }

  /// The context of a decode that reads `BinderyDecoder`'s document where it is, or `nil` for
  /// other decoders.
  static func binderyContext(for decoder: any Decoder, bridge: Bool)
    -> (JSONDecodingContext, Int, [any CodingKey])?
  {
    // Comparing the exact type first spares other decoders a dynamic cast, which searches
    // conformances (`DecoderImpl` is final).
    guard ObjectIdentifier(type(of: decoder)) == ObjectIdentifier(DecoderImpl.self),
      let impl = decoder as? DecoderImpl
    else { return nil }
    var options = JSONDecodingOptions(stopsAtFirstError: bridge)
    options.reading = impl.document.options
    let context = JSONDecodingContext(document: impl.document, options: options)
    context.bridgesToDecodingError = bridge
    // Paths in problems start at the document's top, as coding paths do.
    return (context, impl.current, [])
  }

  /// The context of a decode that reads a value another Codable decoder gave, written and
  /// parsed again; its problems have paths below `base` and no line or column.
  static func foreignContext(for value: JSONValue, at base: [any CodingKey], bridge: Bool)
    throws -> JSONDecodingContext
  {
    let document = try value.writtenDocument(options: .strict)
    let context = JSONDecodingContext(
      document: document, options: JSONDecodingOptions(stopsAtFirstError: bridge))
    context.bridgesToDecodingError = bridge
    context.codingPathBase = base
    context.readsForeignValue = true
    return context
  }

}
