public import BinderyJSON
import Foundation

/// Hands schemas and instances to an independent validator: each call writes
/// `.build/schema-oracle/NAME.json` with the schema, the instances a model reads and those it
/// rejects; `Scripts/check-schemas.py` (Python's `jsonschema`) then checks that the schema
/// accepts exactly the first and rejects each of the second.
public enum SchemaOracle {
  public static var folder: String { Fixtures.repositoryRoot() + "/.build/schema-oracle" }

  public static func record(
    _ name: String, schema: JSONValue, valid: [JSONValue], invalid: [JSONValue]
  ) throws {
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true)
    let record: JSONValue = [
      "name": .string(name), "schema": schema, "valid": .array(valid), "invalid": .array(invalid),
    ]
    var writer = JSONWriter()
    try writer.value(record)
    let bytes = try writer.takeFinished()
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name + ".json"))
  }
}
