internal import BinderyNaming

/// How a model's property names become JSON keys when no `@Key` says otherwise.
///
/// The macro applies the built-in strategies at compile time with the same code
/// (`BinderyNaming`) this type runs, so both always agree; `custom` runs at run time.
public enum JSONKeyStrategy: Sendable {
  /// The property name as it is: `firstName`.
  case useDefaultKeys
  /// `first_name`, by Foundation's `convertToSnakeCase` rules (`myURLValue` → `my_url_value`).
  case snakeCase
  /// `first-name`.
  case kebabCase
  /// `FirstName`.
  case pascalCase
  /// Any conversion.
  case custom(@Sendable (String) -> String)

  /// The JSON key for a property name.
  ///
  /// - Parameter name: The Swift property name.
  /// - Returns: The key.
  public func key(forProperty name: String) -> String {
    switch self {
    case .useDefaultKeys: name
    case .snakeCase: KeyCase.snakeCase(fromCamelCase: name)
    case .kebabCase: KeyCase.kebabCase(fromCamelCase: name)
    case .pascalCase: KeyCase.pascalCase(fromCamelCase: name)
    case .custom(let convert): convert(name)
    }
  }
}
