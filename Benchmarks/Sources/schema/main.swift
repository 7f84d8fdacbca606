// JSON Schema validation of the standard files, timed in process: each file against the schema
// of the same name in Schemas/ (a GeoJSON schema for canada, one for twitter's statuses),
// bytes in to verdict out (parse and validate), and validation alone of a document parsed
// before (read in place on its tape) and of a `JSONValue` tree.
//
//   swift run -c release --package-path Benchmarks schema [ROUNDS [FILE SCHEMA]]
//
// With FILE and SCHEMA, that pair is timed instead (a large document, say).
//
// Prints one JSON object per file, for Scripts/schema-validation.py to set beside the Python
// validators' times: milliseconds per round, median, minimum and maximum.
import Bindery
import Corpus
import Foundation

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 21 : 21
let schemas = Corpus.directory.deletingLastPathComponent().appendingPathComponent("Schemas")

func milliseconds(_ work: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try work()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func summary(_ times: [Double]) -> String {
  let sorted = times.sorted()
  return String(
    format: #"{"median": %.3f, "min": %.3f, "max": %.3f}"#, sorted[sorted.count / 2], sorted[0],
    sorted[sorted.count - 1])
}

var pairs: [(name: String, bytes: [UInt8], schema: String)] = []
if CommandLine.arguments.count > 3 {
  let file = CommandLine.arguments[2]
  guard let data = FileManager.default.contents(atPath: file) else {
    fatalError("cannot read \(file)")
  }
  pairs = [(URL(fileURLWithPath: file).lastPathComponent, Array(data), CommandLine.arguments[3])]
} else {
  for name in ["canada", "twitter"] {
    let path = schemas.appendingPathComponent("\(name).schema.json").path
    pairs.append((name, try Corpus.standard(named: name).bytes, path))
  }
}

for (name, bytes, path) in pairs {
  guard let text = FileManager.default.contents(atPath: path) else {
    fatalError("cannot read \(path)")
  }
  let validator = try JSONSchemaValidator(schema: JSONValue(parsing: Array(text)))
  let value = try JSONValue(parsing: bytes)
  let document = try JSONDocument(parsing: bytes)
  var failures = validator.validate(value).count
  var whole: [Double] = []
  var inPlace: [Double] = []
  var alone: [Double] = []
  for _ in 0..<rounds {
    whole.append(try milliseconds { failures = try validator.validate(bytes).count })
    inPlace.append(milliseconds { failures = validator.validate(document).count })
    alone.append(milliseconds { failures = validator.validate(value).count })
  }
  print(
    #"{"file": "\#(name)", "failures": \#(failures), "bytes_to_verdict": \#(summary(whole)), "validate_document": \#(summary(inPlace)), "validate": \#(summary(alone))}"#
  )
}
