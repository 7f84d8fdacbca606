// The Bindery umbrella: models, Codable and remote layers arrive in their own issues; for now it
// re-exports the JSON core so that `import Bindery` is the one import users need.
@_exported public import BinderyJSON
