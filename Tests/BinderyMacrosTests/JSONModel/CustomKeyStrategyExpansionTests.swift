import Bindery
import Foundation
import MacroTesting
import Testing

// A key strategy of the model's own, applied when the model runs.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel(keyStrategy: .custom({ $0.uppercased() }))
struct Shout {
  var name: String
}

@Suite(.macros(binderyMacros))
struct CustomKeyStrategyExpansionTests {
  @Test func customKeyStrategyRunsAtRunTime() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      struct Shout {
          var name: String
      }

      extension Shout: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.name, "name", paths: [[(.custom({ $0.uppercased() }) as Bindery.JSONKeyStrategy).key(forProperty: "name")]]),
          ])

          init(json: Bindery.JSONObjectDecoder) throws {
              let name = try json._collect(try json.decode((String).self, forKey: Bindery.JSONKey((.custom({ $0.uppercased() }) as Bindery.JSONKeyStrategy).key(forProperty: "name"))))
              self.name = try json._value(name)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("name") { try json.encode(self.name, forKey: Bindery.JSONKey((.custom({ $0.uppercased() }) as Bindery.JSONKeyStrategy).key(forProperty: "name"))) }
          }
      }
      """#
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theStrategyNamesTheKeys() throws {
    let shout = try Shout(json: #"{"NAME": "hey"}"#)
    #expect(shout.name == "hey")
    #expect(try shout.jsonString() == #"{"NAME":"hey"}"#)
  }

  static let source = """
    @JSONModel(keyStrategy: .custom({ $0.uppercased() }))
    struct Shout {
        var name: String
    }
    """
}
