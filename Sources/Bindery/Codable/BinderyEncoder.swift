public import Foundation

/// Encodes `Encodable` values as JSON — a drop-in for Foundation's `JSONEncoder`: change the
/// name, keep the code.
///
/// ```swift
/// let encoder = BinderyEncoder()          // was: JSONEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let data = try encoder.encode(photo)
/// ```
///
/// Values are written straight into Bindery's streaming writer as `encode(to:)` produces them:
/// no dictionary or `JSONValue` tree. Where `encode(to:)` writes out of order — a key twice
/// (the last value wins), a container reopened (it is extended), a container written to after
/// a sibling moved on, a super encoder filled in later — only the container concerned is held
/// as a tree until its value is finished, so every `encode(to:)` runs once and gets the result
/// Foundation's encoder gives. A member whose encoding throws is left out, so `try?` around
/// it leaves the object as it was. Where Foundation stops the process on a misuse (a value
/// and then a container for the same key, a second value in a single-value container), the
/// encode throws `EncodingError.invalidValue` instead.
///
/// The output matches Foundation's byte for byte when keys are sorted, pretty-printed or not
/// (`/` is escaped unless `.withoutEscapingSlashes`; pretty output writes `"key" : value`).
///
/// An encoder is `Sendable`: its settings are guarded by a lock, and each `encode` call works on
/// a snapshot taken when it starts.
public final class BinderyEncoder: Sendable {
  private let state = Locked(State())

  /// The settings, and the encoder of the last call, kept for the next one.
  private struct State: Sendable {
    var settings = EncodingSettings()
    var spare = Spare()
  }

  /// An `EncoderImpl` no call is using, made with the current settings: the next call takes it
  /// (under the lock) instead of setting up a new one, and keeps what it learned of the types.
  private struct Spare: @unchecked Sendable {
    // @unchecked: an impl is used by the one call that took it out under the lock, and put
    // back only once that call is done with it.
    var impl: EncoderImpl?
  }

  /// Encoders no call is using, by the settings they were made with: the spares of
  /// `BinderyEncoder`s that are gone, whose settings were plain values (see
  /// `EncodingSettings.sharingKey`). The first call of a new `BinderyEncoder` takes one, so
  /// that an encoder made for one call, as most code and servers make them, starts with what
  /// earlier calls learned of the types and the size of their output, as a kept one does.
  private static let pool = Locked(Pool())

  struct Pool: @unchecked Sendable {
    // @unchecked: an impl is used by the one call that took it out under the lock, and put
    // back only once that call is done with it.
    /// Spares by settings: a few kinds of settings in a program, so a list beats hashing.
    private var entries: [(key: EncodingSettings.SharingKey, spares: [EncoderImpl])] = []

    /// The most encoders kept for one set of settings: as many as calls that run at once.
    static let sparesPerSettings = 8
    /// The most sets of settings the pool keeps encoders for.
    static let settingsKept = 8
    /// The largest buffer of an encoder the pool keeps: each has room for its last output,
    /// which a shared pool should not hold on to for long documents.
    static let largestOutput = 256 * 1024

    mutating func take(for key: EncodingSettings.SharingKey) -> EncoderImpl? {
      guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
      return entries[index].spares.popLast()
    }

    mutating func put(_ impl: EncoderImpl, for key: EncodingSettings.SharingKey) {
      if let index = entries.firstIndex(where: { $0.key == key }) {
        if entries[index].spares.count < Self.sparesPerSettings {
          entries[index].spares.append(impl)
        }
      } else if entries.count < Self.settingsKept {
        entries.append((key, [impl]))
      }
    }
  }

  /// Creates an encoder with Foundation's defaults.
  public init() {}

  deinit {
    // The spare goes to the pool, for the next encoder made with the same settings.
    let (key, spare) = state.withLock { state in
      (state.spare.impl == nil ? nil : state.settings.sharingKey, state.spare.impl)
    }
    guard let spare, let key, spare.outputCapacity <= Pool.largestOutput else { return }
    Self.pool.withLock { $0.put(spare, for: key) }
  }

  /// Reads the settings, or changes them (which drops the spare encoder made with the old).
  private func locked<T>(_ body: (inout EncodingSettings) -> T) -> T {
    state.withLock { state in
      let before = state.settings.generation
      let result = body(&state.settings)
      if state.settings.generation != before { state.spare.impl = nil }
      return result
    }
  }

  /// How the output is formatted; compact, in encoding order, slashes escaped by default.
  public var outputFormatting: OutputFormatting {
    get { locked { $0.formatting } }
    set { locked { $0.formatting = newValue } }
  }

  /// How dates are encoded; `deferredToDate` by default.
  public var dateEncodingStrategy: DateEncodingStrategy {
    get { locked { $0.date } }
    set { locked { $0.date = newValue } }
  }

  /// How `Data` is encoded; `base64` by default.
  public var dataEncodingStrategy: DataEncodingStrategy {
    get { locked { $0.data } }
    set { locked { $0.data = newValue } }
  }

  /// How infinities and NaN are encoded; rejected by default.
  public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { locked { $0.nonConformingFloat } }
    set { locked { $0.nonConformingFloat = newValue } }
  }

  /// How coding keys become JSON keys; `useDefaultKeys` by default.
  public var keyEncodingStrategy: KeyEncodingStrategy {
    get { locked { $0.key } }
    set { locked { $0.key = newValue } }
  }

  /// Values passed to every `Encoder` this encoder creates.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { locked { $0.userInfo } }
    set { locked { $0.userInfo = newValue } }
  }

  /// Encodes a value as JSON.
  ///
  /// - Parameter value: The value.
  /// - Returns: UTF-8 JSON.
  /// - Throws: `EncodingError.invalidValue` for non-finite numbers without a strategy, a value
  ///   that encodes nothing at the top level, or nesting deeper than 512 levels.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    Data(try jsonBytes(value))
  }

  /// Encodes a value as JSON bytes, without the copy into `Data`: the name every Bindery
  /// export of bytes has (`jsonBytes()` on a model).
  ///
  /// - Parameter value: The value.
  /// - Returns: UTF-8 JSON.
  /// - Throws: As ``encode(_:)``.
  public func jsonBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    try encodeTopLevel(value) { try $0.encodeValue(value, parent: nil, key: nil, fillEmpty: false) }
  }

  /// Encodes a value that needs a configuration to encode, as Foundation's
  /// `encode(_:configuration:)` does.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - configuration: What its `encode(to:configuration:)` is given.
  /// - Returns: UTF-8 JSON.
  /// - Throws: As ``encode(_:)``.
  @available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
  public func encode<T: EncodableWithConfiguration>(
    _ value: T, configuration: T.EncodingConfiguration
  ) throws -> Data {
    Data(
      try encodeTopLevel(value) { impl in
        try impl.withSlot(parent: nil, key: nil, fillEmpty: false) {
          try value.encode(to: impl, configuration: configuration)
        }
      })
  }

  /// Encodes a value with the configuration a provider type supplies, as Foundation's
  /// `encode(_:configuration:)` does.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - configuration: The type whose `encodingConfiguration` is used.
  /// - Returns: UTF-8 JSON.
  /// - Throws: As ``encode(_:)``.
  @available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
  public func encode<T, C: EncodingConfigurationProviding>(
    _ value: T, configuration: C.Type
  ) throws -> Data
  where T: EncodableWithConfiguration, C.EncodingConfiguration == T.EncodingConfiguration {
    try encode(value, configuration: C.encodingConfiguration)
  }

  /// Runs one top-level encode and returns its output.
  private func encodeTopLevel<T>(_ value: T, _ body: (EncoderImpl) throws -> Void) throws
    -> [UInt8]
  {
    let (settings, spare) = state.withLock { state in
      defer { state.spare.impl = nil }
      return (state.settings, state.spare.impl)
    }
    let impl =
      spare ?? settings.sharingKey.flatMap { key in Self.pool.withLock { $0.take(for: key) } }
      ?? EncoderImpl(settings: settings)
    try body(impl)
    if let misuse = impl.shared.misuse { throw misuse }
    guard impl.valuesBegun > 0 else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    do {
      let output = try impl.finish()
      impl.restart(capacity: output.count)
      state.withLock { state in
        if state.settings.generation == settings.generation { state.spare.impl = impl }
      }
      return output
    } catch {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
    }
  }
}

extension BinderyEncoder {
  /// Output formatting; the same options as Foundation's.
  public struct OutputFormatting: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates formatting from raw bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Newlines and two-space indentation.
    public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
    /// Object members in ascending key order.
    public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    /// `/` written as is instead of `\/`.
    public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
  }

  /// How dates are encoded; the same cases as Foundation's.
  public enum DateEncodingStrategy: Sendable {
    /// `Date`'s own `Encodable` conformance: seconds since 2001-01-01.
    case deferredToDate
    /// Seconds since 1970-01-01.
    case secondsSince1970
    /// Milliseconds since 1970-01-01.
    case millisecondsSince1970
    /// An ISO 8601 string in UTC, whole seconds: `2016-01-22T10:22:48Z`.
    case iso8601
    /// A string written by a date formatter.
    case formatted(DateFormatter)
    /// Your own closure, given the date and an encoder at the value.
    case custom(@Sendable (Date, any Encoder) throws -> Void)
  }

  /// How `Data` is encoded; the same cases as Foundation's.
  public enum DataEncodingStrategy: Sendable {
    /// `Data`'s own `Encodable` conformance: an array of bytes.
    case deferredToData
    /// A base64 string.
    case base64
    /// Your own closure, given the data and an encoder at the value.
    case custom(@Sendable (Data, any Encoder) throws -> Void)
  }

  /// How infinities and NaN are encoded; the same cases as Foundation's.
  public enum NonConformingFloatEncodingStrategy: Sendable {
    /// Reject them with `EncodingError.invalidValue`.
    case `throw`
    /// Write these strings instead.
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  /// How coding keys become JSON keys; the same cases as Foundation's.
  public enum KeyEncodingStrategy: Sendable {
    /// Keys as they are.
    case useDefaultKeys
    /// `camelCase` to `snake_case`, by Foundation's rules.
    case convertToSnakeCase
    /// Your own mapping, given the coding path ending in the key.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }
}

/// An encoder's settings, snapshotted at the start of each encode.
struct EncodingSettings: Sendable {
  var formatting: BinderyEncoder.OutputFormatting = [] { didSet { generation &+= 1 } }
  var date: BinderyEncoder.DateEncodingStrategy = .deferredToDate { didSet { generation &+= 1 } }
  var data: BinderyEncoder.DataEncodingStrategy = .base64 { didSet { generation &+= 1 } }
  var nonConformingFloat: BinderyEncoder.NonConformingFloatEncodingStrategy = .throw {
    didSet { generation &+= 1 }
  }
  var key: BinderyEncoder.KeyEncodingStrategy = .useDefaultKeys { didSet { generation &+= 1 } }
  var userInfo: [CodingUserInfoKey: any Sendable] = [:] { didSet { generation &+= 1 } }
  /// Counts changes, so that an encoder made with older settings is not used again.
  var generation = 0

  /// Settings that are plain values, as a key: encoders made with equal keys write the same
  /// output. `nil` when a strategy holds a closure or a formatter, or there is user info,
  /// which an encoder cannot share with one made elsewhere.
  var sharingKey: SharingKey? {
    guard userInfo.isEmpty else { return nil }
    let dateCase: UInt8
    switch date {
    case .deferredToDate: dateCase = 0
    case .secondsSince1970: dateCase = 1
    case .millisecondsSince1970: dateCase = 2
    case .iso8601: dateCase = 3
    case .formatted, .custom: return nil
    }
    let dataCase: UInt8
    switch data {
    case .deferredToData: dataCase = 0
    case .base64: dataCase = 1
    case .custom: return nil
    }
    let floats: [String]
    switch nonConformingFloat {
    case .throw: floats = []
    case .convertToString(let positive, let negative, let nan): floats = [positive, negative, nan]
    }
    let snakeCase: Bool
    switch key {
    case .useDefaultKeys: snakeCase = false
    case .convertToSnakeCase: snakeCase = true
    case .custom: return nil
    }
    return SharingKey(
      formatting: formatting.rawValue, date: dateCase, data: dataCase, floats: floats,
      snakeCase: snakeCase)
  }

  /// See ``sharingKey``.
  struct SharingKey: Hashable, Sendable {
    var formatting: UInt
    var date: UInt8
    var data: UInt8
    var floats: [String]
    var snakeCase: Bool
  }

  var writingOptions: JSONWritingOptions {
    var options = JSONWritingOptions(
      prettyPrinted: formatting.contains(.prettyPrinted),
      sortsKeys: formatting.contains(.sortedKeys),
      escapesSlashes: !formatting.contains(.withoutEscapingSlashes))
    options.foundationLayout = true
    return options
  }
}
