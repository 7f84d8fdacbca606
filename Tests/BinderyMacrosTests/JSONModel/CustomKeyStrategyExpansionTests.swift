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

      extension Shout: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json
              let __macro_local_4namefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.name
                      }, forKey: Bindery.JSONKey((.custom({
                                      $0.uppercased()
                                  }) as Bindery.JSONKeyStrategy).key(forProperty: "name"))))
              self.name = try __macro_local_4jsonfMu_._value(__macro_local_4namefMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("name") {
                  try json.encode(self.name, forKey: Bindery.JSONKey((.custom({
                                      $0.uppercased()
                                  }) as Bindery.JSONKeyStrategy).key(forProperty: "name")))
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.name, forKey: Bindery.JSONKey((.custom({ $0.uppercased()
                              }) as Bindery.JSONKeyStrategy).key(forProperty: "name"))) {
                  __macro_local_7changedfMu_.insert(\Self.name)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.name {
                  return "name"
              }
              return nil
          }

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([[(.custom({
                                      $0.uppercased()
                                  }) as Bindery.JSONKeyStrategy).key(forProperty: "name")]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.name
                      }, key: "name"), required: true)
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["name"])
          }

          init(from decoder: any Swift.Decoder) throws {
              let source = try Bindery._JSONModelCoding.objectSource(from: decoder)
              try self.init(json: source.object)
              try Bindery._JSONModelCoding.validate(self, in: source.object)
              withExtendedLifetime(source) {
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
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
