// run-decoders.sh compiles this file against Bindery built as separate modules by swiftc (an
// executable built by SwiftPM renames `main`, which clashes with libFuzzer's), loading the
// package's macro plugin so that `@JSONModel` expands as it does for users.
import Bindery
import Foundation

// Two families of types with the same fields: `@JSONModel` models and plain synthesized-Codable
// twins. The input decodes as both; Foundation's `JSONDecoder` on the twin is the reference.

@JSONModel
struct FuzzRecord {
  var id: Int
  var name: String
  var score: Double?
  var flags: [Bool]
  var tags: [String: Int]?
  var child: FuzzChild?
  var small: UInt8?
  var wide: Int64?
  var counts: [Int]?
  var names: [String]?
}

@JSONModel
struct FuzzChild {
  var id: Int
  var values: [Double]
  var note: String?
  var rings: [[Double]]?
}

/// The record's fields that `@JSONModel` reads in one pass (all but the dictionary).
@JSONModel
struct FuzzPlain: Equatable {
  var id: Int
  var name: String
  var score: Double?
  var flags: [Bool]
  var child: FuzzPlainChild?
  var small: UInt8?
  var wide: Int64?
  var counts: [Int]?
  var names: [String]?
}

@JSONModel
struct FuzzPlainChild: Equatable {
  var id: Int
  var values: [Double]
  var note: String?
  var rings: [[Double]]?
}

/// A value written through `encode(to:)` alone: a type of its own never writes directly.
struct ThroughWriter<Value: JSONEncodable>: JSONEncodable {
  let value: Value
  func encode(to json: JSONValueEncoder) throws { try value.encode(to: json) }
}

/// Input whose bytes are not at hand, so that it is always read through a document.
struct ThroughDocument: JSONInput {
  let bytes: [UInt8]
  func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try bytes.jsonDocument(options: options)
  }
}

/// Wherever the one-pass reader reads the input, the document path reads the same value; and
/// `init(json:)` on the bytes ends as the document path does, value or report, to the last
/// character.
func checkOnePass(_ bytes: [UInt8]) {
  guard FuzzPlain._decodesInOnePass else { fatalError("FuzzPlain does not read in one pass") }
  let text = String(decoding: bytes, as: UTF8.self)
  let fast = bytes.withUnsafeBufferPointer { buffer in
    _JSONOnePassReader.read(buffer, options: .strict) { reader in
      FuzzPlain._fromOnePass(&reader)
    }
  }
  func outcome(_ body: () throws -> FuzzPlain) -> String {
    do { return "value \(try body())" } catch { return "error \(error)" }
  }
  let slow = outcome { try FuzzPlain(json: ThroughDocument(bytes: bytes)) }
  if let fast, slow != "value \(fast)" {
    fatalError("one pass read \(fast), the document path \(slow): \(text)")
  }
  let entry = outcome { try FuzzPlain(json: bytes) }
  if entry != slow { fatalError("init(json:) ended \(entry), the document path \(slow): \(text)") }
}

/// What a JSON Lines stream of models skipped, from its report.
final class SkippedLines: @unchecked Sendable {
  // @unchecked: `lines` is touched only under `lock`.
  private let lock = NSLock()
  private var lines: [Int] = []
  func add(_ line: Int) { lock.withLock { lines.append(line) } }
  var all: [Int] { lock.withLock { lines } }
}

/// The input as JSON Lines of models, streamed in chunks of 7 bytes (in order, and two at a
/// time, which takes the parallel path) with bad lines skipped: each line decodes as it does
/// alone, and each line that does not is skipped and reported on its line. (Positions count a
/// lone `\r` as a line break too, so a report may name a line inside a JSON Lines line.)
func checkModelLines(_ bytes: [UInt8]) {
  var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  if lines.last?.isEmpty == true { lines.removeLast() }
  var expected: [FuzzPlain] = []
  var expectedSkips: [ClosedRange<Int>] = []
  var firstLine = 1
  for line in lines {
    var text = Array(line)
    if text.last == UInt8(ascii: "\r") { text.removeLast() }
    let loneReturns = text.filter { $0 == UInt8(ascii: "\r") }.count
    if let value = try? FuzzPlain(json: text) {
      expected.append(value)
    } else {
      expectedSkips.append(firstLine...(firstLine + loneReturns))
    }
    firstLine += loneReturns + 1
  }
  for parallelism in [1, 2] {
    let skipped = SkippedLines()
    let streaming = JSONStreamOptions(
      chunkSize: 7, parallelism: parallelism,
      invalidValues: .skip { skipped.add($0.position.line) })
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: Result<[FuzzPlain], any Error> = .success([])
    Task {
      do {
        var values: [FuzzPlain] = []
        for try await value in FuzzPlain.lines(from: bytes, streaming: streaming) {
          values.append(value)
        }
        outcome = .success(values)
      } catch {
        outcome = .failure(error)
      }
      done.signal()
    }
    done.wait()
    let text = String(decoding: bytes, as: UTF8.self)
    guard case .success(let values) = outcome else {
      fatalError("a stream of models skipping bad lines threw \(outcome): \(text)")
    }
    let reported = skipped.all.sorted()
    guard values == expected, reported.count == expectedSkips.count,
      zip(reported, expectedSkips).allSatisfy({ $1.contains($0) })
    else {
      fatalError(
        "streamed \(values), skipped \(skipped.all) with parallelism \(parallelism); "
          + "line by line \(expected), bad \(expectedSkips): \(text)")
    }
  }
}

/// A date read from a number's seconds, through Foundation objects: no date may trap, whatever
/// the number (infinite, NaN, beyond the years 0000 to 9999).
@JSONModel
struct FuzzDated {
  var when: Date
  var note: String?
}

struct PlainDated: Codable {
  var when: Date
  var note: String?
}

struct PlainRecord: Codable, Equatable {
  var id: Int
  var name: String
  var score: Double?
  var flags: [Bool]
  var tags: [String: Int]?
  var child: PlainChild?
  var small: UInt8?
  var wide: Int64?
  var counts: [Int]?
  var names: [String]?
}

struct PlainChild: Codable, Equatable {
  var id: Int
  var values: [Double]
  var note: String?
  var rings: [[Double]]?
}

extension PlainRecord {
  init(_ model: FuzzRecord) {
    self.init(
      id: model.id, name: model.name, score: model.score, flags: model.flags, tags: model.tags,
      child: model.child.map { PlainChild(id: $0.id, values: $0.values, note: $0.note, rings: $0.rings) },
      small: model.small, wide: model.wide, counts: model.counts, names: model.names)
  }
}

let foundation = JSONDecoder()
let bindery = BinderyDecoder()
let sortedEncoder: JSONEncoder = {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return encoder
}()

/// Decodes the input four ways and checks they agree: the same value, or all four errors.
///
/// Input `JSONDecoder` calls invalid while `JSONSerialization` reads it (`0E2`) has no
/// reference and is left out. Nonzero numbers too small for `Double` (`1e-400`, `-4E-7818`) are left out too:
/// `JSONDecoder` rejects them in a `Double` field (so does `BinderyDecoder`, tested on its own)
/// but reads 0 in an integer field, where Bindery rejects a number that is not a whole one; the
/// model decode rounds them to zero in a `Double` field, as IEEE 754 does.
///
/// Bindery reads strictly (RFC 8259, valid UTF-8) where Foundation checks only what a decode
/// visits, so input that is not strict JSON must fail in the model decode, and in
/// BinderyDecoder unless its Foundation reading options (trailing commas, a byte order mark)
/// accept it; such input is not compared with Foundation. Inputs where the libraries mean different things on purpose are
/// left out too: numbers Foundation reads through `Double` (17 or more significant digits,
/// which it may round into an integer field). Repeated keys are compared: every decoder keeps
/// the first, as Foundation does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  checkOnePass(bytes)
  checkModelLines(bytes)
  let data = Data(bytes)
  let reference = Result { try foundation.decode(PlainRecord.self, from: data) }
  // Under JSONDecoder and JSONEncoder the model uses their containers as its twin does: the
  // same outcome on every input, valid or not, and the same bytes written.
  let viaContainers = Result { try foundation.decode(FuzzRecord.self, from: data) }
  check("JSONDecoder on @JSONModel", viaContainers.map(PlainRecord.init), against: reference, bytes)
  if case .success(let model) = viaContainers {
    guard let written = try? sortedEncoder.encode(model),
      let twin = try? sortedEncoder.encode(PlainRecord(model)), written == twin
    else { fatalError("JSONEncoder wrote a model and its twin differently") }
  }
  guard let document = try? JSONDocument(parsing: bytes) else {
    let text = String(decoding: bytes, as: UTF8.self)
    if (try? FuzzRecord(json: bytes)) != nil {
      fatalError("the model decode read input the strict reader rejects: \(text)")
    }
    // BinderyDecoder reads what JSONDecoder reads: strict JSON plus trailing commas, a byte
    // order mark, UTF-16 and UTF-32 (`JSONReadingOptions.foundation`).
    if (try? JSONDocument(parsing: bytes, options: .foundation)) == nil,
      (try? bindery.decode(PlainRecord.self, from: bytes)) != nil
    {
      fatalError("BinderyDecoder read input its reading options reject: \(text)")
    }
    return 0
  }
  if meansDifferentThings(document.root) { return 0 }
  // JSONDecoder calls some valid JSON invalid (`0E2`, which JSONSerialization reads): no
  // reference there.
  if case .failure(DecodingError.dataCorrupted(let context)) = reference,
    context.debugDescription.contains("not valid JSON"),
    (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
  {
    return 0
  }
  let codable = Result { try bindery.decode(PlainRecord.self, from: bytes) }
  let decoded = Result { try FuzzRecord(json: bytes) }
  check("BinderyDecoder", codable, against: reference, bytes)
  check("@JSONModel", decoded.map(PlainRecord.init), against: reference, bytes)
  // A model that decoded writes JSON that decodes to the same model.
  if case .success(let model) = decoded {
    guard let written = try? model.jsonBytes(),
      let again = try? FuzzRecord(json: written), PlainRecord(again) == PlainRecord(model)
    else { fatalError("a decoded model did not survive encode → decode") }
    // The direct write (taken by `jsonBytes()`) writes what the writer writes.
    guard written == (try? ThroughWriter(value: model).jsonBytes()) else {
      fatalError("the direct write and the writer wrote different JSON")
    }
  }
  checkFoundationObjects(data, text: decoded, document: document, bytes)
  return 0
}

/// The objects `JSONSerialization` makes of the input decode as the text does (where it keeps
/// the same values: it keeps the last of a repeated key, Bindery the first), and numbers turned
/// into dates decode and encode without a trap.
func checkFoundationObjects(
  _ data: Data, text: Result<FuzzRecord, any Error>, document: JSONDocument, _ bytes: [UInt8]
) {
  guard let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
  else { return }
  if !repeatsAKey(document.root) {
    let fromObjects = Result { try FuzzRecord(foundationObject: object) }
    check("@JSONModel from objects", fromObjects.map(PlainRecord.init), against: text.map(PlainRecord.init), bytes)
  }
  guard var members = object as? [String: Any] else { return }
  for (key, value) in members {
    if let number = value as? NSNumber, type(of: number) != type(of: NSNumber(value: true)) {
      members[key] = Date(timeIntervalSince1970: number.doubleValue)
    }
  }
  if let dated = try? FuzzDated(foundationObject: members) {
    _ = try? dated.jsonBytes()
    _ = try? dated.jsonBytes(options: .init(dates: .dateFormat("EEE, dd MMM yyyy HH:mm:ss zzz")))
    _ = try? dated.jsonBytes(options: .init(dates: .unixMilliseconds))
  }
  if let plain = try? bindery.decode(PlainDated.self, fromFoundationObject: members) {
    let encoder = BinderyEncoder()
    encoder.dateEncodingStrategy = .iso8601
    _ = try? encoder.jsonBytes(plain)
  }
}

/// Whether an object below `cursor` repeats a key.
func repeatsAKey(_ cursor: JSONCursor) -> Bool {
  switch cursor.kind {
  case .object:
    guard let members = try? cursor.members() else { return false }
    let keys = members.map(\.key)
    if Set(keys).count != keys.count { return true }
    return members.contains { repeatsAKey($0.value) }
  case .array:
    guard let elements = try? cursor.elements() else { return false }
    return elements.contains(where: repeatsAKey)
  default: return false
  }
}

func check(
  _ name: String, _ result: Result<PlainRecord, any Error>,
  against reference: Result<PlainRecord, any Error>, _ bytes: [UInt8]
) {
  switch (result, reference) {
  case (.success(let value), .success(let expected)):
    if value != expected {
      fatalError("\(name) read \(value), Foundation \(expected): \(String(decoding: bytes, as: UTF8.self))")
    }
  case (.failure, .failure): break
  case (.success(let value), .failure(let error)):
    fatalError("\(name) read \(value) where Foundation failed (\(error)): \(String(decoding: bytes, as: UTF8.self))")
  case (.failure(let error), .success(let expected)):
    fatalError("\(name) failed (\(error)) where Foundation read \(expected): \(String(decoding: bytes, as: UTF8.self))")
  }
}

/// Whether a number below `cursor` has 17 or more significant digits or is nonzero text that
/// reads as zero.
func meansDifferentThings(_ cursor: JSONCursor) -> Bool {
  switch cursor.kind {
  case .object:
    guard let members = try? cursor.members() else { return false }
    return members.contains { meansDifferentThings($0.value) }
  case .array:
    guard let elements = try? cursor.elements() else { return false }
    return elements.contains(where: meansDifferentThings)
  case .number:
    let text = (try? cursor.numberText()) ?? ""
    let digits = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
    let significant = digits.drop { $0 == "0" }
    return significant.count >= 17 || (!significant.isEmpty && (try? cursor.double()) == 0)
  default: return false
  }
}
