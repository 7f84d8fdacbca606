#if Vapor
  import Bindery
  import BinderyVapor
  import Vapor

  // The Vapor blocks of the README and of Documentation/Server.md, verbatim; VaporTests runs
  // what they set up.

  enum VaporReadme {
    static func readme() {
ContentConfiguration.global.use(decoder: BinderyDecoder(), for: .json)   // Vapor
ContentConfiguration.global.use(encoder: BinderyEncoder(), for: .json)
    }

    static func serverNotes() {
ContentConfiguration.global.use(decoder: BinderyDecoder(), for: .json)
ContentConfiguration.global.use(encoder: BinderyEncoder(), for: .json)
    }
  }
#endif
