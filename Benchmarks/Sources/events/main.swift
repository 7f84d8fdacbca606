// The cost of reading a union: a feed of GitHub-style events, all of one type, decoded and
// encoded with the payload as a union chosen by the event's `type` (`@TaggedBy`) and with the
// payload's type fixed by a generic event model, the way a union had to be read without it.
//
//   swift run -c release --package-path Benchmarks events          # the table
//   Benchmarks/.build/release/events union-decode 20               # one side, for callgrind
//
// Sides: union-decode, generic-decode, union-encode, generic-encode. Medians of interleaved
// rounds; ratio = generic time / union time (above 1: the union is faster).
import Bindery
import Foundation

@JSONModel(keyStrategy: .snakeCase)
struct Account: Sendable {
  var id: Int
  var login: String
  var displayLogin: String
  var avatarUrl: URL
}

@JSONModel
struct Repository: Sendable {
  var id: Int
  var name: String
  var url: URL
}

@JSONModel
struct Commit: Sendable {
  var sha: String
  @Key("author.name") var author: String
  @Key("author.email") var email: String
  var message: String
  var distinct: Bool
  var url: URL
}

@JSONModel(keyStrategy: .snakeCase)
struct PushPayload: Sendable {
  var repositoryId: Int
  var pushId: Int
  var size: Int
  var distinctSize: Int
  var ref: String
  var head: String
  var before: String
  var commits: [Commit]
}

@JSONModel
struct WatchPayload: Sendable {
  var action: String
}

@JSONModel(keyStrategy: .snakeCase)
struct CreatePayload: Sendable {
  var ref: String?
  var refType: String
  var masterBranch: String?
  var description: String?
}

@JSONModel(tag: "type", content: "payload")
enum Payload: JSONTaggedUnion, Sendable {
  @Key("PushEvent") case push(PushPayload)
  @Key("WatchEvent") case watch(WatchPayload)
  @Key("CreateEvent") case create(CreatePayload)
  case other(String, JSONValue)
}

/// The event with its payload as a union.
@JSONModel(keyStrategy: .snakeCase)
struct UnionEvent: Sendable {
  var id: String
  var actor: Account
  var repo: Repository
  @TaggedBy("type") var payload: Payload
  var `public`: Bool
  var createdAt: Date
}

/// The event with its payload's type fixed: `type` read as a string beside it.
@JSONModel(keyStrategy: .snakeCase)
struct GenericEvent<Body: JSONModel & Sendable>: Sendable {
  var id: String
  var type: String
  var actor: Account
  var repo: Repository
  var payload: Body
  var `public`: Bool
  var createdAt: Date
}

/// `count` push events, each with two commits.
func feed(count: Int) -> [UInt8] {
  let events = (0..<count).map { index in
    """
    {"id":"\(43_511_937_000 + index)","type":"PushEvent","actor":{"id":\(1000 + index % 97),\
    "login":"user\(index % 97)","display_login":"user\(index % 97)","gravatar_id":"",\
    "url":"https://api.github.com/users/user\(index % 97)",\
    "avatar_url":"https://avatars.githubusercontent.com/u/\(1000 + index % 97)?"},\
    "repo":{"id":\(50_000 + index % 31),"name":"user\(index % 31)/tidewatch",\
    "url":"https://api.github.com/repos/user\(index % 31)/tidewatch"},\
    "payload":{"repository_id":\(50_000 + index % 31),"push_id":\(21_583_021_457 + index),\
    "size":2,"distinct_size":2,"ref":"refs/heads/main",\
    "head":"9f3c2a1b7e8d4c6f0a5b3e2d1c9f8a7b6e5d4c3b","before":"1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b",\
    "commits":[{"sha":"4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f","author":{"email":"dev@example.org",\
    "name":"Mirela Ionescu"},"message":"Parse tide tables from the \\"Admiralty\\" CSV export",\
    "distinct":true,"url":"https://api.github.com/repos/user/tidewatch/commits/4e5f6a7b"},\
    {"sha":"9f3c2a1b7e8d4c6f0a5b3e2d1c9f8a7b6e5d4c3b","author":{"email":"dev@example.org",\
    "name":"Mirela Ionescu"},"message":"Bump version to 0.4.\(index % 10)","distinct":true,\
    "url":"https://api.github.com/repos/user/tidewatch/commits/9f3c2a1b"}]},\
    "public":true,"created_at":"2026-11-25T09:14:02Z"}
    """
  }
  return Array(("[" + events.joined(separator: ",") + "]").utf8)
}

let input = feed(count: 2_000)
let unionEvents = try [UnionEvent](json: input)
let genericEvents = try [GenericEvent<PushPayload>](json: input)

/// One round of a side; returns a checksum so the work is kept.
func round(_ side: String) throws -> Int {
  switch side {
  case "union-decode": return try [UnionEvent](json: input).count
  case "generic-decode": return try [GenericEvent<PushPayload>](json: input).count
  case "union-encode": return try unionEvents.jsonData().count
  case "generic-encode": return try genericEvents.jsonData().count
  default:
    FileHandle.standardError.write(Data("events: no side named \(side)\n".utf8))
    exit(2)
  }
}

let arguments = CommandLine.arguments
if arguments.count > 1 {
  let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10
  var total = 0
  for _ in 0..<rounds { total &+= try round(arguments[1]) }
  print(total)
  exit(0)
}

func seconds(_ body: () throws -> Int) rethrows -> Double {
  let start = ContinuousClock.now
  _ = try body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let megabytes = Double(input.count) / 1_000_000
print("GitHub-style push events, \(input.count) bytes, 2,000 events; medians of 21 interleaved")
print("rounds; ratio = generic / union time (the range: lowest and highest ratio of a round).\n")
print("| work | union MB/s | generic MB/s | ratio | ratio range |")
print("| --- | ---: | ---: | ---: | ---: |")
for work in ["decode", "encode"] {
  var union: [Double] = []
  var generic: [Double] = []
  for _ in 0..<21 {
    union.append(try seconds { try round("union-\(work)") })
    generic.append(try seconds { try round("generic-\(work)") })
  }
  let ratios = zip(generic, union).map { $0 / $1 }.sorted()
  let (u, g) = (union.sorted()[10], generic.sorted()[10])
  print(
    "| \(work) | \(Int(megabytes / u)) | \(Int(megabytes / g)) | "
      + String(format: "%.2f× | %.2f–%.2f× |", g / u, ratios.first ?? 0, ratios.last ?? 0))
}
