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
///   print(try document.root.member("id").integer(Int.self))
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
  let transform: JSONStreamTransform<Value>
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
      transform: transform, madeFromBytes: nil, readFailure: { $0 })
  }

  /// A stream whose read errors are turned into the error type of the layer using it.
  package init(
    chunks: Chunks, framing: JSONStreamFraming, reading: JSONReadingOptions,
    options: JSONStreamOptions, transform: @escaping @Sendable (JSONDocument) throws -> Value,
    madeFromBytes: (@Sendable (UnsafeBufferPointer<UInt8>, JSONReadingOptions) -> Value?)?,
    readFailure: @escaping @Sendable (JSONReadError) -> any Error,
    startFailure: JSONReadError? = nil
  ) {
    self.startFailure = startFailure
    self.chunks = chunks
    self.framing = framing
    self.reading = reading
    self.options = options
    self.transform = JSONStreamTransform(document: transform, bytes: madeFromBytes)
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
    private let transform: JSONStreamTransform<Value>
    private let readFailure: @Sendable (JSONReadError) -> any Error
    private let options: JSONStreamOptions
    private var isDone = false
    private let batches: ParallelLines<Value>?
    private var startFailure: JSONReadError?
    /// What the source threw, for the parallel mode to throw after the values before it.
    private var sourceFailure: (any Error)?

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
    ///   input, what the transform threw, or what the source threw (after the values that
    ///   came whole before it). The stream ends there.
    public mutating func next() async throws -> Value? {
      try await next(isolation: nil)
    }

    /// The next value, read on the caller's actor: a loop on the main actor, for one, does not
    /// hop to another thread for each value.
    ///
    /// - Parameter actor: The caller's actor; `nil` for none.
    /// - Returns: The value, or `nil` after the last one.
    /// - Throws: As ``next()``.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Value? {
      guard !isDone else { return nil }
      if let startFailure {
        isDone = true
        throw readFailure(startFailure)
      }
      do {
        let value =
          try await
          (batches == nil
          ? nextInOrder(isolation: actor) : nextFromBatches(isolation: actor))
        if value == nil { isDone = true }
        return value
      } catch {
        isDone = true
        batches?.cancel()
        throw error
      }
    }

    /// The source's next chunk, read on the caller's actor where the runtime allows it.
    private mutating func nextChunk(isolation actor: isolated (any Actor)?) async throws
      -> Chunks.Element?
    {
      if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
        return try await source.next(isolation: actor)
      }
      // Older runtimes give iterators only `next()`, which runs off the actor. The source is
      // this iterator's alone and the caller waits for the call, so no one else touches it.
      nonisolated(unsafe) var unsafeSource = source
      defer { source = unsafeSource }
      return try await unsafeSource.next()
    }

    private mutating func nextInOrder(isolation actor: isolated (any Actor)?) async throws
      -> Value?
    {
      while true {
        if let (outcome, _) = BatchOutcome.next(
          from: &reader, transform: transform, readFailure: readFailure,
          skips: options.skipsInvalidValues)
        {
          switch consume outcome {
          case .value(let value): return value
          case .skipped(let skipped):
            if case .skip(let report) = options.invalidValues { report(skipped) }
            continue
          case .failed(let error): throw error
          }
        }
        if reader.isAtEnd { return nil }
        if let chunk = try await nextChunk(isolation: actor) {
          reader.append(chunk)
        } else {
          reader.finish()
        }
      }
    }

    private mutating func nextFromBatches(isolation actor: isolated (any Actor)?) async throws
      -> Value?
    {
      guard let batches else { return nil }
      handOut: while true {
        if let outcome = batches.nextReady() {
          // Consumed, so that a value is moved out rather than copied.
          switch consume outcome {
          case .value(let value): return value
          case .skipped(let skipped):
            if case .skip(let report) = options.invalidValues { report(skipped) }
            continue
          case .failed(let error): throw error
          }
        }
        while batches.wantsMore, !sourceIsDone {
          if batches.readWhenIdle() { continue handOut }
          do {
            if let chunk = try await nextChunk(isolation: actor) {
              batches.append(chunk)
            } else {
              sourceIsDone = true
              batches.finish()
            }
          } catch {
            // The values of the lines that came whole before the failure come first, as in
            // order; the error after them.
            sourceIsDone = true
            sourceFailure = error
            batches.abandon()
          }
        }
        guard await batches.awaitNext(isolation: actor) else {
          if let failure = sourceFailure { throw failure }
          return nil
        }
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

/// What became of one value of a stream.
enum BatchOutcome<Value: Sendable>: Sendable {
  case value(Value)
  case skipped(JSONSkippedValue)
  case failed(any Error)

  /// What an outcome is, known without matching it: unspecialised code copies a generic enum,
  /// the whole value, to match it.
  enum Kind { case value, skipped, failed }

  /// The reader's next value, transformed, or why it is skipped or ends the stream, with its
  /// kind; `nil` when the reader needs more input or is at its end. The one place the
  /// invalid-value policy is applied, in order and in batches alike.
  static func next(
    from reader: inout JSONStreamReader, transform: JSONStreamTransform<Value>,
    readFailure: (JSONReadError) -> any Error, skips: Bool
  ) -> (outcome: BatchOutcome, kind: Kind)? {
    let document: JSONDocument
    do {
      switch try reader.next(madeBy: transform.bytes) {
      case nil: return nil
      case .made(let value): return (.value(value), .value)
      case .document(let next): document = next
      }
    } catch {
      guard skips, reader.canContinue else { return (.failed(readFailure(error)), .failed) }
      return (.skipped(JSONSkippedValue(readError: error, failure: readFailure(error))), .skipped)
    }
    do {
      return (.value(try transform.document(document)), .value)
    } catch {
      guard skips else { return (.failed(error), .failed) }
      return (.skipped(JSONSkippedValue(position: document.position, error: error)), .skipped)
    }
  }
}

/// How a stream makes its values: from each value's document, and first, where the layer
/// using the stream has one, straight from the value's bytes (a model's one-pass read), which
/// skips the document of every value it makes.
struct JSONStreamTransform<Value>: Sendable {
  /// Makes a value of its document; what it throws is the stream's error for that value.
  let document: @Sendable (JSONDocument) throws -> Value
  /// Makes a value of its bytes, or gives up (`nil`) so that its document is read; it never
  /// makes one whose document would not be read without a problem.
  let bytes: (@Sendable (UnsafeBufferPointer<UInt8>, JSONReadingOptions) -> Value?)?
}

/// JSON Lines cut into batches of whole lines, each read and transformed on its own task, and
/// handed back in input order. At most twice `parallelism` batches are in flight, so memory
/// stays bounded.
///
/// The iterating task cuts: a batch is a list of slices of the chunks as they came, so copying
/// and reading happen on the batch's own task. It reads lines itself only while no batch is in
/// flight (`readWhenIdle()`). A batch does not know the line it starts on (that would take
/// counting every earlier line first); lines come out right because a batch with any problem,
/// whose errors would name lines, is read again in its turn by the iterating task, which knows
/// the line by then.
final class ParallelLines<Value: Sendable> {
  private let reading: JSONReadingOptions
  private let options: JSONStreamOptions
  private let transform: JSONStreamTransform<Value>
  private let readFailure: @Sendable (JSONReadError) -> any Error
  private let batchSize: Int
  /// Bytes not yet in a batch, as slices of their chunks, starting at byte `offset`.
  private var pending: [ArraySlice<UInt8>] = []
  private var pendingCount = 0
  private var offset = 0
  private var isFinished = false
  /// Set while dropping a line longer than the value limit: the offset where it started.
  private var discarding: Int?
  /// The `\r`s of the line being dropped so far, each a line end in positions (see
  /// `movePosition`) but the one of a closing `\r\n`, and whether the last byte dropped was a
  /// `\r`: the same count the in-order reader keeps of a line.
  private var droppedReturns = 0
  private var droppedReturn = false
  private var inFlight: [Task<Batch, Never>] = []
  /// The line the next batch handed back starts on.
  private var line = 1
  /// The outcomes of the oldest batch, in order; `readyIndex` is the next to hand out.
  private var ready: [BatchOutcome<Value>] = []
  private var readyIndex = 0
  /// Whether `ready` was made by the iterating task (a batch read again or while idle, an
  /// oversized line), whose outcomes are freed there rather than by a batch task.
  private var readyHere = false
  /// Batches whose outcomes are all handed out: the next batch's task frees them (see
  /// `nextReady()`).
  private var spent: [[BatchOutcome<Value>]] = []

  /// What a batch's task hands back.
  enum Batch: Sendable {
    /// The outcomes, in order, all values, and the number of lines read.
    case read([BatchOutcome<Value>], lines: Int)
    /// The batch met a problem: read it again, knowing its first line.
    case again([ArraySlice<UInt8>], offset: Int)
    /// A line over the value limit, dropped, that started at this offset, with the line
    /// breaks (lone `\r`s) in it.
    case oversized(offset: Int, breaks: Int)
  }

  init(
    reading: JSONReadingOptions, options: JSONStreamOptions,
    transform: JSONStreamTransform<Value>,
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

  /// With no batch in flight, reads the whole lines pending here and now, however few, rather
  /// than wait for a batch's worth of input: the values of a slow source then come as its
  /// lines arrive, as in order, and a source that sends small pieces as fast as they are read
  /// is read as fast as in order. Returns whether there were any.
  func readWhenIdle() -> Bool {
    guard inFlight.isEmpty, let (batch, offset) = takeWholeLines() else { return false }
    readHere(batch, at: offset)
    return true
  }

  /// Reads `batch`, which starts at `offset` on the next line to hand out, on the iterating
  /// task, into `ready`.
  private func readHere(_ batch: [ArraySlice<UInt8>], at offset: Int) {
    let result = Self.read(
      batch, at: JSONTextPosition(offset: offset, line: line, column: 1), reading: reading,
      options: options, transform: transform, readFailure: readFailure, onBatchTask: false)
    ready = result.outcomes
    readyIndex = 0
    readyHere = true
    line += result.lines
  }

  /// The next outcome of the oldest batch.
  ///
  /// Outcomes are handed out as copies. A batch task's batch keeps its own until the task of a
  /// later batch frees them, one for each value it makes: a value the caller drops is then only
  /// released on the iterating task, not freed there. The allocator would otherwise serialise
  /// that task's frees of a batch's many allocations with the reading tasks' own allocations,
  /// and memory freed where it is allocated is reused at once. Outcomes the iterating task
  /// made itself are freed there.
  func nextReady() -> BatchOutcome<Value>? {
    guard readyIndex < ready.count else {
      if !ready.isEmpty, !readyHere { spent.append(ready) }
      ready = []
      readyIndex = 0
      readyHere = false
      return nil
    }
    defer { readyIndex += 1 }
    return ready[readyIndex]
  }

  /// Waits for the oldest batch; `false` when none is left.
  func awaitNext(isolation actor: isolated (any Actor)?) async -> Bool {
    guard !inFlight.isEmpty else { return false }
    switch await inFlight.removeFirst().value {
    case .read(let outcomes, let lines):
      ready = outcomes
      line += lines
    case .again(let batch, let offset):
      readHere(batch, at: offset)
    case .oversized(let offset, let breaks):
      let error = JSONReadError.valueTooLarge(
        limit: options.maxValueSize, at: JSONTextPosition(offset: offset, line: line, column: 1))
      ready =
        if options.skipsInvalidValues {
          [.skipped(JSONSkippedValue(readError: error, failure: readFailure(error)))]
        } else {
          [.failed(readFailure(error))]
        }
      readyHere = true
      line += 1 + breaks
    }
    return true
  }

  func append(_ chunk: some Sequence<UInt8>) {
    var slice: ArraySlice<UInt8> =
      if let array = chunk as? [UInt8] {
        array[...]
      } else if let slice = chunk as? ArraySlice<UInt8> {
        slice
      } else {
        ArraySlice(chunk)
      }
    guard !slice.isEmpty else { return }
    if let start = discarding {
      // Drop the long line's bytes as they come, up to its newline.
      guard let newline = drop(slice) else {
        offset += slice.count
        return
      }
      offset += newline + 1 - slice.startIndex
      discarding = nil
      let breaks = droppedBreaks
      inFlight.append(Task { .oversized(offset: start, breaks: breaks) })
      slice = slice[(newline + 1)...]
      guard !slice.isEmpty else { return }
    }
    if slice.count < 4096, var last = pending.popLast() {
      // Small chunks gather into one piece (taken out to be appended to in place), so that
      // pieces stay few.
      if last.count < batchSize {
        last.append(contentsOf: slice)
        pending.append(last)
      } else {
        pending.append(last)
        pending.append(slice)
      }
    } else {
      pending.append(slice)
    }
    pendingCount += slice.count
    if let newline = slice.lastIndex(of: UInt8(ascii: "\n")) {
      lastNewline = (
        pending.count - 1,
        newline - slice.startIndex + pending[pending.count - 1].count - slice.count
      )
    }
    cut()
  }

  func finish() {
    isFinished = true
    if let start = discarding {
      discarding = nil
      let breaks = droppedBreaks
      inFlight.append(Task { .oversized(offset: start, breaks: breaks) })
    }
    cut()
  }

  /// Drops `bytes` of the long line, counting their `\r`s up to its newline, if they hold
  /// it: the newline's index then.
  private func drop(_ bytes: ArraySlice<UInt8>) -> Int? {
    let found = bytes.withUnsafeBufferPointer {
      firstNewline(in: $0, from: 0, returns: &droppedReturns)
    }
    let dropped = found ?? bytes.count
    if dropped > 0 { droppedReturn = bytes[bytes.startIndex + dropped - 1] == UInt8(ascii: "\r") }
    return found.map { bytes.startIndex + $0 }
  }

  /// The line ends in the dropped line: its `\r`s but a last one, which its newline closes.
  private var droppedBreaks: Int { droppedReturns - (droppedReturn ? 1 : 0) }

  /// The source failed: the whole lines pending make a last batch, and what follows the last
  /// newline, a line the source never finished, is dropped, as a stream read in order drops
  /// it. The batches in flight are still handed out.
  func abandon() {
    isFinished = true
    discarding = nil
    cutAtLastNewline()
    pending = []
    pendingCount = 0
  }

  /// Where the last newline in `pending` is: its piece, and its distance from the piece's
  /// start.
  private var lastNewline: (piece: Int, distance: Int)?

  /// Starts a batch of the whole lines pending once they are enough (anything left at the end).
  private func cut() {
    guard pendingCount >= batchSize || (isFinished && pendingCount > 0) else { return }
    if isFinished {
      let batch = pending
      pending = []
      start(batch, at: take(batch))
    } else if lastNewline != nil {
      cutAtLastNewline()
    } else if pendingCount > options.maxValueSize {
      // A line longer than the limit: dropped from here on.
      discarding = offset
      (droppedReturns, droppedReturn) = (0, false)
      for piece in pending { _ = drop(piece) }
      offset += pendingCount
      pending = []
      pendingCount = 0
    }
  }

  /// Starts a batch of the pending bytes up to the last newline.
  private func cutAtLastNewline() {
    guard let (batch, offset) = takeWholeLines() else { return }
    start(batch, at: offset)
  }

  /// Takes the pending bytes up to the last newline, if any (the part of a line after it
  /// stays): the batch and the offset it starts at.
  private func takeWholeLines() -> (batch: [ArraySlice<UInt8>], offset: Int)? {
    guard let (piece, distance) = lastNewline else { return nil }
    let newline = pending[piece].startIndex + distance
    var batch = Array(pending[..<piece])
    batch.append(pending[piece][...newline])
    let rest = pending[piece][(newline + 1)...]
    pending = (rest.isEmpty ? [] : [rest]) + pending[(piece + 1)...]
    return (batch, take(batch))
  }

  /// Takes `batch`, the next pending bytes, off the pending count; returns its offset.
  private func take(_ batch: [ArraySlice<UInt8>]) -> Int {
    lastNewline = nil
    let bytes = batch.reduce(0) { $0 + $1.count }
    pendingCount -= bytes
    defer { offset += bytes }
    return offset
  }

  private func start(_ batch: [ArraySlice<UInt8>], at offset: Int) {
    let spent = SpentOutcomes(self.spent)
    self.spent = []
    let reading = reading
    let options = options
    let transform = transform
    let readFailure = readFailure
    inFlight.append(
      Task.detached(priority: Task.currentPriority) {
        // Lines counted from 1 here: any problem sends the batch back to be read again.
        let result = ParallelLines<Value>.read(
          batch, at: JSONTextPosition(offset: offset, line: 1, column: 1), reading: reading,
          options: options, transform: transform, readFailure: readFailure,
          onBatchTask: true, freeing: spent)
        spent.freeAll()
        if result.hadProblem { return Batch.again(batch, offset: offset) }
        return Batch.read(result.outcomes, lines: result.lines)
      })
  }

  /// Reads and transforms the values of a batch: the outcomes (in order), the number of
  /// lines read, and whether any value was invalid. On a batch task, reading stops at the
  /// first invalid value (the batch is read again in order) or when the task is cancelled
  /// (its result is dropped); the iterating task reads a batch whole. With `spent`, one of
  /// those outcomes is freed for each value made, so that the allocator hands the memory it
  /// gets back straight to the next value.
  static func read(
    _ batch: [ArraySlice<UInt8>], at position: JSONTextPosition, reading: JSONReadingOptions,
    options: JSONStreamOptions, transform: JSONStreamTransform<Value>,
    readFailure: @Sendable (JSONReadError) -> any Error, onBatchTask: Bool,
    freeing spent: SpentOutcomes<Value>? = nil
  ) -> (outcomes: [BatchOutcome<Value>], lines: Int, hadProblem: Bool) {
    var reader = JSONStreamReader(
      framing: .lines, reading: reading, options: options, startingAt: position)
    for piece in batch { reader.append(piece) }
    reader.finish()
    var outcomes: [BatchOutcome<Value>] = []
    outcomes.reserveCapacity(256)
    var hadProblem = false
    while !(onBatchTask && Task.isCancelled),
      let (outcome, kind) = BatchOutcome.next(
        from: &reader, transform: transform, readFailure: readFailure,
        skips: options.skipsInvalidValues)
    {
      if kind != .value {
        hadProblem = true
        if onBatchTask { break }
      }
      outcomes.append(outcome)
      spent?.freeOne()
      if kind == .failed { break }
    }
    return (outcomes, reader.position.line - position.line, hadProblem)
  }
}

/// Outcomes already handed out, freed by the batch task they are given to.
///
/// Unchecked `Sendable`: after `init`, only the one task the box is given to touches it.
final class SpentOutcomes<Value: Sendable>: @unchecked Sendable {
  private var batches: [[BatchOutcome<Value>]]

  init(_ batches: [[BatchOutcome<Value>]]) { self.batches = batches }

  /// Frees one outcome, if any is left.
  func freeOne() {
    while let last = batches.indices.last, batches[last].isEmpty { batches.removeLast() }
    guard !batches.isEmpty else { return }
    batches[batches.count - 1].removeLast()
  }

  /// Frees the outcomes left.
  func freeAll() { batches = [] }
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
      await next(isolation: nil)
    }

    /// The next chunk, on the caller's actor.
    ///
    /// - Parameter actor: The caller's actor; `nil` for none.
    /// - Returns: As ``next()``.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> ArraySlice<UInt8>? {
      guard index < bytes.count else { return nil }
      let end = Swift.min(bytes.count, index + chunkSize)
      defer { index = end }
      return bytes[index..<end]
    }
  }
}
