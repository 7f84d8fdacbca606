import Bindery
import BinderyRemote
import Foundation

#if AsyncHTTPClient
  import BinderyAsyncHTTPClient
#endif
#if NIO
  import BinderyNIO
  import NIOCore
#endif

// The getting-started articles' blocks that no other example file holds, verbatim (imports
// aside); `CodeBlockTests` checks that every block of every catalog is in an example file.

enum GettingStarted {
  typealias Event = Readme.Event
  typealias User = Readme.User
  typealias Tag = Readme.Tag

  #if NIO
  static func nio(buffer: ByteBuffer) throws {
let event = try Event(json: buffer)                       // a @JSONModel type, read in place
let user = try BinderyDecoder().decode(User.self, from: buffer)
var output = ByteBuffer()
try event.write(into: &output)
try BinderyEncoder().encode(user, into: &output)
  }

  static func nioBodies(buffer: ByteBuffer) throws {
let coding = JSONBodyCoding()
do {
    let event = try coding.decode(Event.self, from: buffer)
    print(event.id)
} catch let error as JSONBodyError {
    print(String(decoding: error.responseBody, as: UTF8.self))
}
  }
  #endif

  #if AsyncHTTPClient
  static func asyncHTTPClient() async throws {
let client = ResourceClient(
    baseURL: URL(string: "https://api.example.com/v1/")!,
    transport: AsyncHTTPClientTransport.shared)
let tags = try await client.fetchAll(Tag.self)
    _ = tags
  }
  #endif
}
