/// The values of a stream of JSON, read from an asynchronous sequence of byte chunks and each
/// turned into a `Value`: documents, models, anything a function makes of a document.
///
/// Memory stays bounded by the largest value and the chunk size, whatever the length of the
/// input. With ``JSONStreamOptions/parallelism`` above 1, JSON Lines are read and turned into
/// values in batches on several tasks at once, and still delivered in input order.
///
/// ```swift
/// let chunks = AsyncStream<[UInt8]> { continuation in
///   continuation.yield(Array("{\"id\": 1}\n{\"id\"".utf8))
///   continuation.yield(Array(": 2}\n".utf8))
///   continuation.finish()
/// }
/// for try await document in JSONValueStream(chunks: chunks, framing: .lines) {
///   print(try document.root.member("id").int())
/// }
/// ```
public struct JSONValueStream<Chunks: AsyncSequence, Value: Sendable>: AsyncSequence
where Chunks.Element: Sequence<UInt8> {
  /// The values.
  public typealias Element = Value

  let chunks: Chunks
  let framing: JSONStreamFraming
  let reading: JSONReadingOptions
  let options: JSONStreamOptions
  let transform: @Sendable (JSONDocument) throws -> Value
  let readFailure: @Sendable (JSONReadError) -> any Error
  /// A problem found before reading (an invalid path), thrown by the first call.
  let startFailure: JSONReadError?

  /// A stream that turns each value into a `Value`.
  ///
  /// - Parameters:
  ///   - chunks: The input, in chunks of any size.
  ///   - framing: How the values are laid out.
  ///   - reading: How each value is read.
  ///   - options: Limits, parallelism and what to do with invalid values.
  ///   - transform: Makes a value of each document; what it throws is the stream's error for
  ///     that value (or the reason it was skipped).
  public init(
    chunks: Chunks, framing: JSONStreamFraming, reading: JSONReadingOptions = .strict,
    options: JSONStreamOptions = JSONStreamOptions(),
    transform: @escaping @Sendable (JSONDocument) throws -> Value
  ) {
    self.init(
      chunks: chunks, framing: framing, reading: reading, options: options,
      transform: transform, readFailure: { $0 })
  }

  /// A stream whose read errors are turned into the error type of the layer using it.
  package init(
    chunks: Chunks, framing: JSONStreamFraming, reading: JSONReadingOptions,
    options: JSONStreamOptions, transform: @escaping @Sendable (JSONDocument) throws -> Value,
    readFailure: @escaping @Sendable (JSONReadError) -> any Error,
    startFailure: JSONReadError? = nil
  ) {
    self.startFailure = startFailure
    self.chunks = chunks
    self.framing = framing
    self.reading = reading
    self.options = options
    self.transform = transform
    self.readFailure = readFailure
  }

  /// An iterator over the values.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(stream: self)
  }

  /// Reads the values one at a time.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var source: Chunks.AsyncIterator
    private var sourceIsDone = false
    private var reader: JSONStreamReader
    private let transform: @Sendable (JSONDocument) throws -> Value
    private let readFailure: @Sendable (JSONReadError) -> any Error
    private let options: JSONStreamOptions
    private var isDone = false
    private let batches: ParallelLines<Value>?
    private var startFailure: JSONReadError?

    init(stream: JSONValueStream) {
      source = stream.chunks.makeAsyncIterator()
      reader = JSONStreamReader(
        framing: stream.framing, reading: stream.reading, options: stream.options)
      transform = stream.transform
      readFailure = stream.readFailure
      options = stream.options
      startFailure = stream.startFailure
      batches =
        stream.framing == .lines && stream.options.parallelism > 1
        ? ParallelLines(
          reading: stream.reading, options: stream.options, transform: stream.transform,
          readFailure: stream.readFailure) : nil
    }

    /// The next value.
    ///
    /// - Returns: The value, or `nil` after the last one.
    /// - Throws: The first problem: a ``JSONReadError`` naming the line and column in the
    ///   input, what the transform threw, or what the source threw. The stream ends there.
    public mutating func next() async throws -> Value? {
      guard !isDone else { return nil }
      if let startFailure {
        isDone = true
        throw readFailure(startFailure)
      }
      do {
        let value = try await (batches == nil ? nextInOrder() : nextFromBatches())
        if value == nil { isDone = true }
        return value
      } catch {
        isDone = true
        batches?.cancel()
        throw error
      }
    }

    private mutating func nextInOrder() async throws -> Value? {
      while true {
        let document: JSONDocument?
        do {
          document = try reader.next()
        } catch {
          if reader.canContinue, case .skip(let report) = options.invalidValues {
            report(JSONSkippedValue(readError: error, failure: readFailure(error)))
            continue
          }
          throw readFailure(error)
        }
        if let document {
          do {
            return try transform(document)
          } catch {
            guard case .skip(let report) = options.invalidValues else { throw error }
            report(JSONSkippedValue(position: document.position, error: error))
            continue
          }
        }
        if reader.isAtEnd { return nil }
        if let chunk = try await source.next() {
          reader.append(chunk)
        } else {
          reader.finish()
        }
      }
    }

    private mutating func nextFromBatches() async throws -> Value? {
      guard let batches else { return nil }
      while true {
        if let outcome = batches.nextReady() {
          switch outcome {
          case .value(let value): return value
          case .skipped(let skipped):
            if case .skip(let report) = options.invalidValues { report(skipped) }
            continue
          case .failed(let error): throw error
          }
        }
        while batches.wantsMore, !sourceIsDone {
          if let chunk = try await source.next() {
            batches.append(chunk)
          } else {
            sourceIsDone = true
            batches.finish()
          }
        }
        guard await batches.awaitNext() else { return nil }
      }
    }
  }
}

extension JSONValueStream where Value == JSONDocument {
  /// A stream of the documents themselves.
  ///
  /// - Parameters:
  ///   - chunks: The input, in chunks of any size.
  ///   - framing: How the values are laid out.
  ///   - reading: How each value is read.
  ///   - options: Limits and what to do with invalid values.
  public init(
    chunks: Chunks, framing: JSONStreamFraming, reading: JSONReadingOptions = .strict,
    options: JSONStreamOptions = JSONStreamOptions()
  ) {
    self.init(
      chunks: chunks, framing: framing, reading: reading, options: options, transform: { $0 })
  }
}

extension JSONSkippedValue {
  /// A value the reader could not read, placed where its problem is.
  init(readError: JSONReadError, failure: any Error) {
    let location = readError.location
    self.init(
      position: JSONTextPosition(
        offset: location?.offset ?? 0, line: location?.line ?? 1, column: location?.column ?? 1),
      error: failure)
  }
}

/// What became of one value read in a batch.
enum BatchOutcome<Value: Sendable>: Sendable {
  case value(Value)
  case skipped(JSONSkippedValue)
  case failed(any Error)
}

/// JSON Lines cut into batches of whole lines, each read and transformed on its own task, and
/// handed back in input order. At most twice `parallelism` batches are in flight, so memory
/// stays bounded.
final class ParallelLines<Value: Sendable> {
  private let reading: JSONReadingOptions
  private let options: JSONStreamOptions
  private let transform: @Sendable (JSONDocument) throws -> Value
  private let readFailure: @Sendable (JSONReadError) -> any Error
  private let batchSize: Int
  /// Bytes not yet in a batch, starting at `position`.
  private var pending: [UInt8] = []
  private var position = JSONTextPosition.start
  private var isFinished = false
  /// Set while dropping a line longer than the value limit: where it started.
  private var discarding: JSONTextPosition?
  private var inFlight: [Task<[BatchOutcome<Value>], Never>] = []
  private var ready: [BatchOutcome<Value>] = []
  private var readyIndex = 0

  init(
    reading: JSONReadingOptions, options: JSONStreamOptions,
    transform: @escaping @Sendable (JSONDocument) throws -> Value,
    readFailure: @escaping @Sendable (JSONReadError) -> any Error
  ) {
    self.reading = reading
    self.options = options
    self.transform = transform
    self.readFailure = readFailure
    self.batchSize = max(options.chunkSize, 64 << 10)
  }

  deinit { cancel() }

  /// Stops the batches in flight.
  func cancel() {
    for task in inFlight { task.cancel() }
    inFlight.removeAll()
  }

  /// Whether more input should be read before waiting on a batch.
  var wantsMore: Bool { !isFinished && inFlight.count < 2 * options.parallelism }

  func nextReady() -> BatchOutcome<Value>? {
    guard readyIndex < ready.count else { return nil }
    defer { readyIndex += 1 }
    return ready[readyIndex]
  }

  /// Waits for the oldest batch; `false` when none is left.
  func awaitNext() async -> Bool {
    guard !inFlight.isEmpty else { return false }
    ready = await inFlight.removeFirst().value
    readyIndex = 0
    return true
  }

  func append(_ chunk: some Sequence<UInt8>) {
    pending.append(contentsOf: chunk)
    cut()
  }

  func finish() {
    isFinished = true
    cut()
  }

  /// Starts a batch for each run of whole lines that is large enough (any rest at the end).
  private func cut() {
    if let start = discarding {
      guard let newline = pending.withUnsafeBufferPointer({ firstNewline(in: $0, from: 0) }) else {
        position.offset += pending.count
        pending.removeAll(keepingCapacity: true)
        if isFinished {
          discarding = nil
          startFailure(at: start)
        }
        return
      }
      discarding = nil
      position = JSONTextPosition(
        offset: position.offset + newline + 1, line: position.line + 1, column: 1)
      pending.removeSubrange(0...newline)
      startFailure(at: start)
    }
    while pending.count >= batchSize || (isFinished && !pending.isEmpty) {
      var end = pending.count
      if !isFinished || pending.last == UInt8(ascii: "\n") {
        guard let newline = pending.lastIndex(of: UInt8(ascii: "\n")) else {
          if pending.count > options.maxValueSize {
            discarding = position
            position.offset += pending.count
            pending.removeAll(keepingCapacity: true)
          }
          return
        }
        end = newline + 1
      }
      let batch = Array(pending[..<end])
      pending.removeSubrange(..<end)
      start(batch, at: position)
      let lines = batch.withUnsafeBufferPointer { newlineCount(in: $0) }
      position = JSONTextPosition(
        offset: position.offset + batch.count, line: position.line + lines, column: 1)
    }
  }

  private func startFailure(at start: JSONTextPosition) {
    let error = JSONReadError(
      kind: .sizeLimitExceeded,
      message: "a value of more than \(options.maxValueSize) bytes exceeds the stream's value limit",
      location: start.location)
    let outcome: BatchOutcome<Value> =
      if case .skip = options.invalidValues {
        .skipped(JSONSkippedValue(readError: error, failure: readFailure(error)))
      } else {
        .failed(readFailure(error))
      }
    inFlight.append(Task { [outcome] })
  }

  private func start(_ batch: [UInt8], at position: JSONTextPosition) {
    let reading = reading
    let options = options
    let transform = transform
    let readFailure = readFailure
    let skips = if case .skip = options.invalidValues { true } else { false }
    inFlight.append(
      Task.detached(priority: Task.currentPriority) {
        var reader = JSONStreamReader(
          bytes: batch, framing: .lines, reading: reading, options: options, startingAt: position)
        var outcomes: [BatchOutcome<Value>] = []
        while !Task.isCancelled {
          do throws(JSONReadError) {
            guard let document = try reader.next() else { break }
            do {
              outcomes.append(.value(try transform(document)))
            } catch {
              guard skips else {
                outcomes.append(.failed(error))
                break
              }
              outcomes.append(.skipped(JSONSkippedValue(position: document.position, error: error)))
            }
          } catch {
            guard skips, reader.canContinue else {
              outcomes.append(.failed(readFailure(error)))
              break
            }
            outcomes.append(.skipped(JSONSkippedValue(readError: error, failure: readFailure(error))))
          }
        }
        return outcomes
      })
  }
}

/// A whole input held in memory, as a sequence of chunks for a ``JSONValueStream``: the
/// chunks are slices of the array, not copies.
public struct JSONByteChunks: AsyncSequence, Sendable {
  /// A slice of the input.
  public typealias Element = ArraySlice<UInt8>

  private let bytes: [UInt8]
  private let chunkSize: Int

  /// The chunks of `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - chunkSize: The size of each chunk; 1 MiB by default.
  public init(_ bytes: [UInt8], chunkSize: Int = 1 << 20) {
    self.bytes = bytes
    self.chunkSize = Swift.max(1, chunkSize)
  }

  /// An iterator over the chunks.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(bytes: bytes, chunkSize: chunkSize)
  }

  /// Hands out the chunks in order.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let bytes: [UInt8]
    let chunkSize: Int
    var index = 0

    /// The next chunk.
    ///
    /// - Returns: The chunk, or `nil` after the last.
    public mutating func next() async -> ArraySlice<UInt8>? {
      guard index < bytes.count else { return nil }
      let end = Swift.min(bytes.count, index + chunkSize)
      defer { index = end }
      return bytes[index..<end]
    }
  }
}
