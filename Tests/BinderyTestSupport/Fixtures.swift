public import BinderyJSON
public import Foundation

/// Finds fixture files beside the tests, by the calling file's `#filePath`, so tests run the
/// same from any working directory and need no bundle resources.
public enum Fixtures {
  /// The `Fixtures` folder beside the test file that calls.
  ///
  /// - Parameter filePath: Leave the default: the calling test file.
  /// - Returns: The folder's path.
  public static func folder(filePath: StaticString = #filePath) -> String {
    let file = "\(filePath)"
    let directory = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
    return directory + "/Fixtures"
  }

  /// The bytes of a fixture file.
  ///
  /// - Parameters:
  ///   - name: The path below `Fixtures`, such as `pass/array_empty.json`.
  ///   - filePath: Leave the default: the calling test file.
  /// - Returns: The file's bytes.
  /// - Throws: If the file cannot be read.
  public static func bytes(_ name: String, filePath: StaticString = #filePath) throws -> [UInt8] {
    let path = folder(filePath: filePath) + "/" + name
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The bytes of a file in the repository's `Samples` folder.
  ///
  /// - Parameters:
  ///   - name: The file name, such as `flickr-public-feed.json`.
  ///   - root: Must be true: marks the overload that reads `Samples/` at the repository root.
  ///   - filePath: Leave the default: the calling test file.
  /// - Returns: The file's bytes.
  /// - Throws: If the file cannot be read.
  public static func bytes(_ name: String, root: Bool, filePath: StaticString = #filePath) throws
    -> [UInt8]
  {
    let path = repositoryRoot(filePath: filePath) + "/Samples/" + name
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The names of the files in a fixture folder, sorted, filtered by suffix.
  ///
  /// - Parameters:
  ///   - subfolder: The folder below `Fixtures`, such as `pass`.
  ///   - suffix: Only names ending with this.
  ///   - filePath: Leave the default: the calling test file.
  /// - Returns: The file names.
  public static func names(
    in subfolder: String, suffix: String = ".json", filePath: StaticString = #filePath
  ) -> [String] {
    let path = folder(filePath: filePath) + "/" + subfolder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted()
  }

  /// The repository's root folder, found from the calling file's path.
  ///
  /// - Parameter filePath: Leave the default: the calling test file.
  /// - Returns: The path of the folder that holds `Package.swift`.
  public static func repositoryRoot(filePath: StaticString = #filePath) -> String {
    var url = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url.path
      }
      url = url.deletingLastPathComponent()
    }
    return "."
  }
}

/// Reading helpers shared by the test targets.
public enum Reading {
  /// The error reading `text` throws, or `nil` when it reads.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - options: Reading options.
  /// - Returns: The error, if any.
  public static func error(_ text: String, options: JSONReadingOptions = .strict) -> JSONReadError?
  {
    error(Array(text.utf8), options: options)
  }

  /// The error reading `bytes` throws, or `nil` when they read.
  ///
  /// - Parameters:
  ///   - bytes: JSON bytes.
  ///   - options: Reading options.
  /// - Returns: The error, if any.
  public static func error(_ bytes: [UInt8], options: JSONReadingOptions = .strict)
    -> JSONReadError?
  {
    do {
      _ = try JSONDocument(parsing: bytes, options: options)
      return nil
    } catch {
      return error
    }
  }
}

extension Fixtures {
  /// A product of the package built beside the test bundle (`.build/<config>/<name>`), for
  /// tests that run it as a process.
  ///
  /// - Parameter name: The executable's name, such as `bindery`.
  /// - Returns: Its URL (where it should be, if it is not built).
  public static func builtExecutable(_ name: String) -> URL {
    var directory = Bundle.main.bundleURL
    if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
    for candidate in [directory, directory.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return directory.appendingPathComponent(name)
  }
}
