// `import Bindery` is the one import users need: it brings the JSON core with it.
@_exported public import BinderyJSON
