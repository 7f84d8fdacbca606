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
/// the settings it found when it started.
public final class BinderyEncoder: Sendable {
  private let state: Locked<State>

  private struct State: Sendable {
    var settings = Settings.shared(.standard)
  }

  /// The settings, and what calls with them share.
  private enum Settings: Sendable {
    /// Settings with what calls with them share: this encoder's calls, or every encoder's
    /// whose settings are equal plain values.
    case shared(EncodingSetup)
    /// Settings changed since the last call, which looks up what calls with them share.
    case changed(ChangedSettings)

    var values: EncodingSettings {
      switch self {
      case .shared(let setup): setup.settings
      case .changed(let changed): changed.values
      }
    }
  }

  /// Settings changed since the last call, in a box of their own, so that the state stays two
  /// references an encoder made for one call copies and frees cheaply.
  private final class ChangedSettings: @unchecked Sendable {
    // @unchecked: read and written only under the encoder's lock.
    var values: EncodingSettings
    init(_ values: EncodingSettings) { self.values = values }
  }

  /// Creates an encoder with Foundation's defaults.
  public init() {
    state = Locked(State())
  }

  /// Reads a setting.
  private func locked<T>(_ body: (EncodingSettings) -> T) -> T {
    state.withLock { state in body(state.settings.values) }
  }

  /// Changes a setting.
  private func change(_ body: (inout EncodingSettings) -> Void) {
    state.withLock { state in
      if case .changed(let changed) = state.settings {
        body(&changed.values)
      } else {
        var settings = state.settings.values
        body(&settings)
        state.settings = .changed(ChangedSettings(settings))
      }
    }
  }

  /// How the output is formatted; compact, in encoding order, slashes escaped by default.
  public var outputFormatting: OutputFormatting {
    get { locked { $0.formatting } }
    set { change { $0.formatting = newValue } }
  }

  /// How dates are encoded; `deferredToDate` by default.
  public var dateEncodingStrategy: DateEncodingStrategy {
    get { locked { $0.date } }
    set { change { $0.date = newValue } }
  }

  /// How `Data` is encoded; `base64` by default.
  public var dataEncodingStrategy: DataEncodingStrategy {
    get { locked { $0.data } }
    set { change { $0.data = newValue } }
  }

  /// How infinities and NaN are encoded; rejected by default.
  public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { locked { $0.nonConformingFloat } }
    set { change { $0.nonConformingFloat = newValue } }
  }

  /// How coding keys become JSON keys; `useDefaultKeys` by default.
  public var keyEncodingStrategy: KeyEncodingStrategy {
    get { locked { $0.key } }
    set { change { $0.key = newValue } }
  }

  /// Values passed to every `Encoder` this encoder creates.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { locked { $0.userInfo } }
    set { change { $0.userInfo = newValue } }
  }

  /// Encodes a value as JSON.
  ///
  /// - Parameter value: The value.
  /// - Returns: UTF-8 JSON.
  /// - Throws: `EncodingError.invalidValue` for non-finite numbers without a strategy, a value
  ///   that encodes nothing at the top level, or nesting deeper than 512 levels.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    try encodeTopLevel(value, output: Self.data) {
      try $0.encodeValue(value, parent: nil, key: nil, fillEmpty: false)
    }
  }

  /// Encodes a value as JSON bytes, without the copy into `Data`: the name every Bindery
  /// export of bytes has (`jsonBytes()` on a model).
  ///
  /// - Parameter value: The value.
  /// - Returns: UTF-8 JSON.
  /// - Throws: As ``encode(_:)``.
  public func jsonBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    try encodeTopLevel(value, output: Self.bytes) {
      try $0.encodeValue(value, parent: nil, key: nil, fillEmpty: false)
    }
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
    try encodeTopLevel(value, output: Self.data) { impl in
      try impl.withSlot(parent: nil, key: nil, fillEmpty: false) {
        try value.encode(to: impl, configuration: configuration)
      }
    }
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

  /// Runs one top-level encode and returns its output, with its size, as `output` takes it
  /// from the finished encoder.
  private func encodeTopLevel<T, Output>(
    _ value: T, output: (EncoderImpl) throws -> (Output, size: Int),
    _ body: (EncoderImpl) throws -> Void
  ) throws -> Output {
    let setup = state.withLock { state in
      switch state.settings {
      case .shared(let shared): return shared
      case .changed(let changed):
        let setup = EncodingSetup.matching(changed.values)
        state.settings = .shared(setup)
        return setup
      }
    }
    let impl = setup.take(for: T.self)
    try body(impl)
    if let misuse = impl.shared.misuse { throw misuse }
    guard impl.valuesBegun > 0 else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    do {
      let (result, size) = try output(impl)
      setup.keep(impl, outputSize: size, of: T.self)
      return result
    } catch {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
    }
  }
}

extension BinderyEncoder {
  /// The output as `Data`: copied from the encoder's buffer, which stays for its next output;
  /// or, for an output too large for an encoder to keep room for, the buffer itself, handed
  /// over without a copy.
  private static func data(_ impl: EncoderImpl) throws -> (Data, size: Int) {
    if impl.outputLength > EncodingSetup.largestKeptOutput {
      let bytes = try impl.finish()
      return (Data(handingOver: bytes), bytes.count)
    }
    return try impl.finish { (Data(buffer: $0), $0.count) }
  }

  /// The output as bytes: the encoder's buffer itself, taken without a copy.
  private static func bytes(_ impl: EncoderImpl) throws -> ([UInt8], size: Int) {
    let bytes = try impl.finish()
    return (bytes, bytes.count)
  }
}

extension Data {
  /// `Data` holding `bytes`' own buffer, without a copy: for an output too large to copy
  /// cheaply, which nothing else holds.
  ///
  /// Invariant: the elements of a native array stay at one address while a reference to its
  /// buffer exists, and an array nothing writes to keeps its values. The deallocator holds
  /// such a reference, the only one once the caller's is gone, and no code reads or writes
  /// the array through it; only `Data` reaches the bytes, through the pointer, until it lets
  /// them go.
  fileprivate init(handingOver bytes: [UInt8]) {
    let count = bytes.count
    guard
      let base = bytes.withUnsafeBufferPointer({
        $0.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) }
      })
    else {
      self.init()
      return
    }
    self.init(
      bytesNoCopy: base, count: count,
      deallocator: .custom { _, _ in withExtendedLifetime(bytes) {} })
  }
}

/// What the calls of encoders with the same settings share: the settings, and encoders
/// (`EncoderImpl`s) no call is using, made with them, which keep what they learned of the
/// types (key orders) and room for the size of their last output.
///
/// Settings that are plain values (see ``EncodingSettings/sharingKey``) map to one setup for
/// the whole program, so an encoder made for one call, as most code and servers make them,
/// starts where earlier calls left off, as a kept one does. Settings holding a closure, a
/// formatter or user info get a setup of their own, shared only by the calls of one encoder.
final class EncodingSetup: Sendable {
  let settings: EncodingSettings
  private let spares = Locked(Spares())

  /// Encoders no call is using, and the sizes of the last large outputs.
  struct Spares: @unchecked Sendable {
    // @unchecked: held only under a lock; an encoder is used by the one call that took it out,
    // and put back only once that call is done with it.
    var encoders: [EncoderImpl] = []
    /// For the last few types whose output was larger than ``largestKeptOutput``: the size
    /// of that output, the room the next output of the type starts with.
    var largeOutputs: [(type: ObjectIdentifier, size: Int)] = []

    /// The size of the last large output of `type`, or 0.
    func largeOutputSize(of type: ObjectIdentifier) -> Int {
      largeOutputs.first { $0.type == type }?.size ?? 0
    }

    /// Notes the size of a large output of `type`, forgetting the oldest type noted when
    /// ``largeTypesNoted`` are.
    mutating func noteLargeOutput(_ size: Int, of type: ObjectIdentifier) {
      if let index = largeOutputs.firstIndex(where: { $0.type == type }) {
        largeOutputs[index].size = size
        return
      }
      if largeOutputs.count == EncodingSetup.largeTypesNoted { largeOutputs.removeFirst() }
      largeOutputs.append((type, size))
    }
  }

  /// The most spares kept: as many as calls that run at once.
  static let sparesKept = 8
  /// The most shared setups: a few kinds of settings in a program.
  static let sharedKept = 8
  /// The largest output an encoder keeps room for after it: a spare, shared by the whole
  /// program, should not hold on to the room of a long document. A larger output is handed
  /// over without a copy, and only its size is kept, for the type's next output.
  static let largestKeptOutput = 256 * 1024
  /// The most types whose large output size a setup keeps.
  static let largeTypesNoted = 8

  private init(settings: EncodingSettings) {
    self.settings = settings
  }

  /// Foundation's defaults: what `BinderyEncoder()` starts with.
  static let standard = EncodingSetup(settings: EncodingSettings())

  /// The shared setups made so far, with their settings' keys (Foundation's defaults are
  /// plain values, so ``standard`` is among them).
  private static let shared = Locked(
    EncodingSettings().sharingKey.map { [(key: $0, setup: standard)] } ?? [])

  /// The setup for `settings`: the shared one for settings that are plain values, else a new one.
  static func matching(_ settings: EncodingSettings) -> EncodingSetup {
    guard let key = settings.sharingKey else {
      return EncodingSetup(settings: settings)
    }
    return shared.withLock { shared in
      if let found = shared.first(where: { $0.key == key }) { return found.setup }
      guard shared.count < sharedKept else {
        return EncodingSetup(settings: settings)
      }
      let setup = EncodingSetup(settings: settings)
      shared.append((key, setup))
      return setup
    }
  }

  /// A spare encoder, or a new one, for a value of `type`: with room for an output as large
  /// as the type's last one when that was too large to keep room for, so that the output is
  /// written without growing its buffer (a coder made for one call is then as fast as a kept
  /// one).
  func take(for type: Any.Type) -> EncoderImpl {
    let (spare, size) = spares.withLock { spares in
      (spares.encoders.popLast(), spares.largeOutputSize(of: ObjectIdentifier(type)))
    }
    let impl = spare ?? EncoderImpl(settings: settings)
    if size > 0 { impl.restart(capacity: size) }
    return impl
  }

  /// Restarts a finished encoder and offers it for later calls: with room for the size of
  /// its output, or, after a large output, with little room and the size noted for the type.
  func keep(_ impl: EncoderImpl, outputSize: Int, of type: Any.Type) {
    let isLarge = outputSize > Self.largestKeptOutput
    impl.restart(capacity: isLarge ? 0 : outputSize)
    spares.withLock { spares in
      if isLarge { spares.noteLargeOutput(outputSize, of: ObjectIdentifier(type)) }
      if spares.encoders.count < Self.sparesKept { spares.encoders.append(impl) }
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
  var formatting: BinderyEncoder.OutputFormatting = []
  var date: BinderyEncoder.DateEncodingStrategy = .deferredToDate
  var data: BinderyEncoder.DataEncodingStrategy = .base64
  var nonConformingFloat: BinderyEncoder.NonConformingFloatEncodingStrategy = .throw
  var key: BinderyEncoder.KeyEncodingStrategy = .useDefaultKeys
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]

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
