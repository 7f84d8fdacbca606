import BinderyJSON
import Testing

/// Reads every value of `text` fed in chunks of `chunk` bytes, recording each value's compact
/// text and start line, and each error as "line:column kind".
private func readAll(
  _ text: String, framing: JSONStreamFraming, chunk: Int = 1 << 20,
  reading: JSONReadingOptions = .strict, options: JSONStreamOptions = JSONStreamOptions()
) -> (values: [String], lines: [Int], errors: [String]) {
  var reader = JSONStreamReader(framing: framing, reading: reading, options: options)
  let bytes = Array(text.utf8)
  var values: [String] = []
  var lines: [Int] = []
  var errors: [String] = []
  var index = 0
  while true {
    do {
      if let document = try reader.next() {
        values.append(String(describing: document.root.value()))
        lines.append(document.position.line)
        continue
      }
    } catch {
      let place = error.location.map { "\($0.line):\($0.column) " } ?? ""
      errors.append(place + error.kind.description)
      if reader.canContinue { continue }
      break
    }
    if reader.isAtEnd { break }
    if index < bytes.count {
      let end = min(bytes.count, index + chunk)
      reader.append(bytes[index..<end])
      index = end
    } else {
      reader.finish()
    }
  }
  return (values, lines, errors)
}

@Suite("Stream reader")
struct StreamReaderTests {
  @Test("JSON Lines: each value with the line it is on, LF or CRLF, final newline or not")
  func lines() {
    for text in [
      "{\"a\": 1}\n[2, 3]\n\"x\"\n", "{\"a\": 1}\r\n[2, 3]\r\n\"x\"", "{\"a\": 1}\n[2, 3]\n\"x\"",
    ] {
      for chunk in [1, 2, 3, 7, 1 << 20] {
        let result = readAll(text, framing: .lines, chunk: chunk)
        #expect(result.values == [#"{"a":1}"#, "[2,3]", #""x""#], "chunk \(chunk)")
        #expect(result.lines == [1, 2, 3])
        #expect(result.errors.isEmpty)
      }
    }
  }

  @Test("A bad line names its line in the file; the lines after it are still read")
  func badLineNamesItsLine() {
    let text = "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3,}\n{\"id\": 4}\n{\"id\"\n"
    let result = readAll(text, framing: .lines, chunk: 5)
    #expect(result.values == [#"{"id":1}"#, #"{"id":2}"#, #"{"id":4}"#])
    #expect(result.lines == [1, 2, 4])
    #expect(result.errors == ["3:10 unexpectedCharacter", "5:6 unexpectedEndOfInput"])
  }

  @Test("Empty lines are errors unless allowed; a blank last line is the file's end")
  func blankLines() {
    let text = "1\n\n  \n2\n"
    #expect(readAll(text, framing: .lines).errors == ["2:1 unexpectedEndOfInput", "3:1 unexpectedEndOfInput"])
    let allowed = readAll(
      text, framing: .lines, options: JSONStreamOptions(allowsBlankLines: true))
    #expect(allowed.values == ["1", "2"])
    #expect(allowed.lines == [1, 4])
    #expect(allowed.errors.isEmpty)
  }

  @Test("A byte order mark may start the first line only, when allowed")
  func byteOrderMarks() {
    let first = "\u{FEFF}1\n2\n"
    #expect(readAll(first, framing: .lines).errors == ["1:1 unexpectedCharacter"])
    let allowed = readAll(first, framing: .lines, reading: JSONReadingOptions(allowsByteOrderMark: true))
    #expect(allowed.values == ["1", "2"])
    let later = readAll(
      "1\n\u{FEFF}2\n", framing: .lines, reading: JSONReadingOptions(allowsByteOrderMark: true))
    #expect(later.values == ["1"])
    #expect(later.errors == ["2:1 unexpectedCharacter"])
    let concatenated = readAll(
      "\u{FEFF}1 2", framing: .concatenated, reading: JSONReadingOptions(allowsByteOrderMark: true))
    #expect(concatenated.values == ["1", "2"])
    #expect(readAll("\u{FEFF}[1]", framing: .array).errors == ["1:1 unexpectedCharacter"])
  }

  @Test("Invalid UTF-8 in a line is that line's error")
  func invalidUTF8() throws {
    var reader = JSONStreamReader(
      bytes: Array("\"ok\"\n\"".utf8) + [0xC3, 0x28] + Array("\"\n3\n".utf8), framing: .lines)
    #expect(throws: Never.self) { _ = try reader.next() }
    #expect {
      _ = try reader.next()
    } throws: { error in
      (error as? JSONReadError)?.kind == .invalidUTF8 && (error as? JSONReadError)?.location?.line == 2
    }
    #expect(reader.canContinue)
    #expect(try reader.next().map { $0.root.value() } == 3)
  }

  @Test("A line over the value limit is reported and dropped without being kept")
  func oversizedLine() {
    let long = "[" + String(repeating: "1,", count: 5000) + "1]"
    let text = "1\n" + long + "\n2\n" + long
    for chunk in [64, 1 << 20] {
      let result = readAll(
        text, framing: .lines, chunk: chunk, options: JSONStreamOptions(maxValueSize: 1000))
      #expect(result.values == ["1", "2"], "chunk \(chunk)")
      #expect(result.lines == [1, 3])
      #expect(result.errors == ["2:1 sizeLimitExceeded", "4:1 sizeLimitExceeded"])
    }
    var reader = JSONStreamReader(
      framing: .lines, options: JSONStreamOptions(maxValueSize: 1000))
    var largest = 0
    for _ in 0..<100 {
      reader.append(Array(String(repeating: "1,", count: 100).utf8))
      largest = max(largest, reader.bufferedByteCount)
      _ = try? reader.next()
    }
    #expect(largest < 1300)
  }

  @Test(
    "A CRLF line exactly at the value limit is read, however the chunks fell",
    arguments: [1, 3, 1 << 20])
  func lineAtTheLimit(chunk: Int) {
    // 24 bytes of value, then the line's `\r\n`: the `\r` is not the value's.
    let text = "[1, 2, 3, 4, 5, 6, 7, 8]\r\n[1, 2, 3, 4, 5, 6, 7, 89]\r\n\"x\""
    let result = readAll(
      text, framing: .lines, chunk: chunk, options: JSONStreamOptions(maxValueSize: 24))
    #expect(result.values == ["[1,2,3,4,5,6,7,8]", #""x""#], "chunk \(chunk)")
    #expect(result.errors == ["2:1 sizeLimitExceeded"], "chunk \(chunk)")
  }

  @Test(
    "A lone \\r ends a line in stream positions, as in a document's, however the chunks fell",
    arguments: [1, 3, 1 << 20])
  func loneCarriageReturns(chunk: Int) throws {
    // A document counts `\n`, `\r\n` and a lone `\r` as line ends; so does a stream.
    do {
      _ = try JSONDocument(parsing: Array("\r\r\n x".utf8))
      Issue.record("read x as JSON")
    } catch {
      #expect(error.location?.line == 3 && error.location?.column == 2)
    }
    #expect(
      readAll("\r\r\n x", framing: .concatenated, chunk: chunk).errors == [
        "3:2 unexpectedCharacter"
      ])
    let lines = readAll("\r\u{0}\n\u{0}\n7", framing: .lines, chunk: chunk)
    #expect(lines.errors == ["2:1 unexpectedCharacter", "3:1 unexpectedCharacter"])
    #expect(lines.lines == [4])
    let values = readAll("1\r2\r\n3 x\r\r4", framing: .concatenated, chunk: chunk)
    #expect(values.values == ["1", "2", "3", "4"])
    #expect(values.lines == [1, 2, 3, 5])
    #expect(values.errors == ["3:3 unexpectedCharacter"])
    let elements = readAll("[1,\r2,\r\n\r3, x]", framing: .array, chunk: chunk)
    #expect(elements.lines == [1, 2, 4])
    #expect(elements.errors == ["4:4 unexpectedCharacter"])
    // Lines over the limit are dropped as they come; their lone `\r`s still count.
    let dropped = readAll(
      "[1,2,3,4,5,6]\r\r[1,2]\r\n[1,2,3,4,5,6,7,8]\r\n5", framing: .lines, chunk: chunk,
      options: JSONStreamOptions(maxValueSize: 10))
    #expect(dropped.errors == ["1:1 sizeLimitExceeded", "4:1 sizeLimitExceeded"])
    #expect(dropped.lines == [5])
  }

  @Test("Concatenated values, pretty or packed, with the line each starts on")
  func concatenated() {
    let text = "{\"a\":1}{\"b\":[1,\n2]}\n  3 \"x\\\"}\" null\n[\n  {\"c\": \"]\"}\n]"
    for chunk in [1, 4, 1 << 20] {
      let result = readAll(text, framing: .concatenated, chunk: chunk)
      #expect(
        result.values == [#"{"a":1}"#, #"{"b":[1,2]}"#, "3", #""x\"}""#, "null", #"[{"c":"]"}]"#],
        "chunk \(chunk)")
      #expect(result.lines == [1, 1, 3, 3, 3, 4])
      #expect(result.errors.isEmpty)
    }
  }

  @Test("A bad concatenated value is skipped; a stream that stops inside one ends the stream")
  func concatenatedErrors() {
    let result = readAll("1 ] 2 tru 3 {\"a\":\n [1", framing: .concatenated, chunk: 3)
    #expect(result.values == ["1", "2", "3"])
    #expect(result.errors == ["1:3 unexpectedCharacter", "1:10 unexpectedEndOfInput", "1:13 unexpectedEndOfInput"])
  }

  @Test(
    "A value the input ends inside is named at its start, however the chunks fell",
    arguments: [1, 7, 1 << 20])
  func endsInsideValue(chunk: Int) {
    // The element is over the size limit, so chunked input drops its bytes as they arrive.
    let text = "[" + String(repeating: "[", count: 29) + " }{ } }"
    var options = JSONStreamOptions()
    options.maxValueSize = 24
    for limits in [options, JSONStreamOptions()] {
      let result = readAll(
        text, framing: .array, chunk: chunk, reading: .json5, options: limits)
      #expect(result.errors == ["1:2 unexpectedEndOfInput"], "chunk \(chunk)")
    }
  }

  @Test("The elements of a top-level array, one at a time")
  func topLevelArray() {
    let text = "[\n  {\"id\": 1, \"tags\": [\"a\", \"]\"]},\n  2,\n  \"three\"\n]\n"
    for chunk in [1, 5, 1 << 20] {
      let result = readAll(text, framing: .array, chunk: chunk)
      #expect(result.values == [#"{"id":1,"tags":["a","]"]}"#, "2", #""three""#], "chunk \(chunk)")
      #expect(result.lines == [2, 3, 4])
      #expect(result.errors.isEmpty)
    }
    #expect(readAll("[]", framing: .array).values.isEmpty)
    #expect(readAll("[]", framing: .array).errors.isEmpty)
  }

  @Test("The array below a key path; the members around it are checked and passed over")
  func arrayAtPath() throws {
    let text = """
      {"meta": {"count": 2, "items": [9]}, "response": {"kind": "x", "d\\u0061ta": [
        {"id": 1},
        {"id": 2}
      ], "next": "abc"}, "after": [1, 2]}
      """
    let path = try JSONPath(parsing: "response.data")
    let result = readAll(text, framing: .array(at: path), chunk: 7)
    #expect(result.values == [#"{"id":1}"#, #"{"id":2}"#])
    #expect(result.lines == [2, 3])
    #expect(result.errors.isEmpty)
  }

  @Test("A broken envelope is a typed error that ends the stream, naming where")
  func arrayEnvelopeErrors() throws {
    let data = JSONStreamFraming.array(at: try JSONPath(parsing: "data"))
    #expect(readAll(#"{"other": [1]}"#, framing: data).errors == ["1:14 keyNotFound"])
    #expect(readAll(#"{"data": {"a": 1}}"#, framing: data).errors == ["1:10 typeMismatch"])
    #expect(readAll(#"{"x": tru, "data": [1]}"#, framing: data).errors == ["1:10 unexpectedEndOfInput"])
    #expect(readAll(#"{"x": tru, "data": [1]}"#, framing: data).values.isEmpty)
    #expect(readAll(#"{"data": [1, 2"#, framing: data).errors == ["1:15 unexpectedEndOfInput"])
    #expect(readAll("[1, {\"a\": [2,\n 3", framing: .array).errors == ["1:5 unexpectedEndOfInput"])
    #expect(readAll("[1] 2", framing: .array).errors == ["1:5 trailingContent"])
    #expect(readAll("[1,]", framing: .array).errors == ["1:4 unexpectedCharacter"])
    #expect(readAll("[1,]", framing: .array, reading: JSONReadingOptions(allowsTrailingCommas: true)).values == ["1"])
    let indexed = readAll("[[1]]", framing: .array(at: JSONPath([.index(0)])))
    #expect(indexed.errors == ["invalidPath"])
  }

  @Test("A bad element is skipped and the next one read")
  func badElement() {
    let result = readAll("[1, {\"a\": tru}, 3, \"\\x\", 5]", framing: .array, chunk: 4)
    #expect(result.values == ["1", "3", "5"])
    #expect(result.errors.count == 2)
  }

  @Test("Errors inside a streamed value name the line and column of the input")
  func cursorLocations() throws {
    var reader = JSONStreamReader(
      bytes: Array("[\n {\"a\": 1},\n   {\"a\": \"x\"}\n]".utf8), framing: .array)
    _ = try reader.next()
    let second = try #require(try reader.next())
    let location = try #require(try second.root.member("a").location)
    #expect(location.line == 3)
    #expect(location.column == 10)
    #expect(second.position == JSONTextPosition(offset: 16, line: 3, column: 4))
    #expect {
      _ = try second.root.member("a").integer(Int.self)
    } throws: { error in
      (error as? JSONReadError)?.location?.line == 3
    }
  }

  @Test("Columns count Unicode scalars, across lines and chunk boundaries")
  func columnsCountScalars() {
    let text = "[\"日本\", \"x\",\n  \"é\", tru]"
    for chunk in [1, 2, 5, 1 << 20] {
      var reader = JSONStreamReader(framing: .array)
      var positions: [String] = []
      var errors: [String] = []
      let bytes = Array(text.utf8)
      var index = 0
      while !reader.isAtEnd {
        do {
          if let document = try reader.next() {
            positions.append("\(document.position.line):\(document.position.column)")
            continue
          }
        } catch {
          errors.append("\(error.location?.line ?? 0):\(error.location?.column ?? 0)")
          continue
        }
        if index < bytes.count {
          reader.append(bytes[index..<min(bytes.count, index + chunk)])
          index += chunk
        } else {
          reader.finish()
        }
      }
      #expect(positions == ["1:2", "1:8", "2:3"], "chunk \(chunk)")
      #expect(errors == ["2:11"], "chunk \(chunk)")
    }
  }

  @Test("The writer's JSON Lines and arrays read back the same values")
  func writerRoundTrip() throws {
    for layout in [JSONStreamWriter.Layout.lines, .array] {
      var output: [UInt8] = []
      var pieces = 0
      var writer = JSONStreamWriter(layout: layout, bufferSize: 16) {
        output += $0
        pieces += 1
      }
      let values: [JSONValue] = [["id": 1, "name": "a\nb"], [1, 2], "x", nil]
      for value in values { try writer.write(value) }
      try writer.finish()
      try writer.finish()
      #expect(pieces > 1)
      var reader = JSONStreamReader(bytes: output, framing: layout == .lines ? .lines : .array)
      var read: [JSONValue] = []
      while let document = try reader.next() { read.append(document.root.value()) }
      #expect(read == values)
    }
    var empty: [UInt8] = []
    var writer = JSONStreamWriter(layout: .array) { empty += $0 }
    try writer.finish()
    #expect(String(decoding: empty, as: UTF8.self) == "[]\n")
    #expect(throws: JSONWriteError.self) { try writer.write(1) }
    var lines = JSONStreamWriter(layout: .lines) { _ in }
    #expect(throws: JSONWriteError.self) { try lines.write(encoded: Array("[\n1]".utf8)) }
  }

  @Test(
    "A value made from its bytes skips its document; one given up on is read into its document",
    arguments: [1, 4, 1 << 20])
  func madeFromBytes(chunk: Int) throws {
    // Values whose text holds "fast" are made from their bytes (as a model's one-pass read
    // would); the others, and a bad one, are read into documents at their places.
    func read(_ text: String, framing: JSONStreamFraming) -> [String] {
      var reader = JSONStreamReader(framing: framing)
      let bytes = Array(text.utf8)
      var index = 0
      var seen: [String] = []
      while true {
        do {
          let next = try reader.next { bytes, _ -> String? in
            let text = String(decoding: bytes, as: UTF8.self)
            return text.contains("fast") ? text : nil
          }
          switch next {
          case .made(let text):
            seen.append("made \(text)")
            continue
          case .document(let document):
            let place = "\(document.position.line):\(document.position.column)"
            seen.append("document \(place) \(document.root.value())")
            continue
          case nil:
            break
          }
        } catch {
          seen.append("error \(error.location.map { "\($0.line):\($0.column)" } ?? "")")
          if reader.canContinue { continue }
          break
        }
        if reader.isAtEnd { break }
        if index < bytes.count {
          reader.append(bytes[index..<min(bytes.count, index + chunk)])
          index = min(bytes.count, index + chunk)
        } else {
          reader.finish()
        }
      }
      return seen
    }
    let lines = "{\"fast\": 1}\n{\"slow\": 2}\r\n[\"fast\"]\n{\"slow\": 4,}\n{\"fast\": 5}"
    #expect(
      read(lines, framing: .lines) == [
        #"made {"fast": 1}"#, #"document 2:1 {"slow":2}"#, #"made ["fast"]"#, "error 4:12",
        #"made {"fast": 5}"#,
      ])
    let array = "{\"items\": [{\"fast\": 1},\n  {\"slow\": 2}, \"fast\", {\"slow\": 4,}]}"
    let elements = read(array, framing: try .array(at: "items"))
    #expect(
      elements == [
        #"made {"fast": 1}"#, #"document 2:3 {"slow":2}"#, #"made "fast""#, "error 2:35",
      ])
  }
}
