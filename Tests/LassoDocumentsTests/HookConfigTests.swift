import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

@Suite("Hook configs: file form, rules and decode errors (docs/hook-configs.md)")
struct HookConfigTests {
    static let tripConfigText = """
        {
          "id": "5d0c7a3e-8f14-4b62-9e0d-3a71c2b4f589",
          "appKey": "rj-ios",
          "versions": [
            {
              "from": "3.1.0"
            }
          ],
          "class": "RJTripViewController",
          "selectors": [
            "callServiceEvent"
          ],
          "implName": "rj_trip_tracking",
          "rules": [
            {
              "when": [
                {
                  "keyPath": "dataManager.orderType",
                  "op": "equals",
                  "value": 1
                },
                {
                  "keyPath": "dataManager.orderStatus",
                  "op": "equals",
                  "value": 1
                }
              ],
              "event": "user_inbook_psgservice_click"
            },
            {
              "when": [
                {
                  "keyPath": "dataManager.orderType",
                  "op": "equals",
                  "value": 1
                },
                {
                  "keyPath": "dataManager.orderStatus",
                  "op": "equals",
                  "value": 2
                }
              ],
              "event": "user_finishbook_psgservice_click"
            },
            {
              "when": [
                {
                  "keyPath": "dataManager.orderType",
                  "op": "notEquals",
                  "value": 1
                }
              ],
              "event": "user_psgservice_click"
            }
          ],
          "values": {
            "orderId": "dataManager.orderId",
            "labKey": "$args[0]"
          },
          "note": "contact customer service, by order type and status",
          "added": "2026-11-24T03:30:00.123Z",
          "owner": {
            "team": "trips"
          }
        }

        """

    func decode(_ text: String) throws -> HookConfig {
        try HookCodec.decode(try JSONParser.parse(Array(text.utf8), file: "hook.json"), file: "hook.json")
    }

    func decodeError(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch let error as InputError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test("every field reads and is written back byte for byte, an unknown field kept after the known ones")
    func roundTrip() throws {
        let config = try decode(Self.tripConfigText)
        #expect(config.className == "RJTripViewController")
        #expect(config.selectors == ["callServiceEvent"])
        #expect(config.implName == "rj_trip_tracking")
        #expect(config.rules.count == 3)
        #expect(config.rules[2].when[0].op == .notEquals)
        #expect(config.values.map(\.name) == ["orderId", "labKey"])
        #expect(config.values[1].source == HookSource(argument: 0, keyPath: ""))
        #expect(config.versions.description.contains("3.1.0"))
        #expect(config.otherFields["owner"] != nil)
        #expect(HookCodec.fileText(config) == Self.tripConfigText)
        #expect(try decode(HookCodec.fileText(config)) == config)
    }

    @Test("a fixed event with several selectors and an argument's key path round-trips")
    func fixedEventRoundTrip() throws {
        let config = HookConfig(
            id: "0a1b2c3d-0000-4000-8000-000000000001", appKey: "rj-ios", className: "RJMainViewController",
            selectors: ["tripTypeViewChangedWithIndex:", "tripLabClickWithLabKey:"],
            trigger: .event("user_order_click"),
            values: [HookValue(name: "tag", source: HookSource("$args[0].tag")!)], note: "order tabs")
        let text = HookCodec.fileText(config)
        #expect(text.contains("\"event\": \"user_order_click\""))
        #expect(text.contains("\"tag\": \"$args[0].tag\""))
        #expect(!text.contains("\"versions\""))
        #expect(try decode(text) == config)
    }

    @Test("rules: property conditions, argument conditions, oneOf and contains, first match wins, the default")
    func evaluation() throws {
        let config = try decode(Self.tripConfigText)
        func event(type: Int, status: Int) -> String? {
            HookEvaluation.on(
                instance: .object(
                    JSONObject([
                        "dataManager": .object(
                            JSONObject(["orderType": .int(type), "orderStatus": .int(status), "orderId": .string("T9")])
                        )
                    ])), arguments: [.string("rj_view_begin_add")]
            ).event(for: config)
        }
        #expect(event(type: 1, status: 1) == "user_inbook_psgservice_click")
        #expect(event(type: 1, status: 2) == "user_finishbook_psgservice_click")
        #expect(event(type: 2, status: 1) == "user_psgservice_click")
        #expect(event(type: 1, status: 3) == nil)
        let record = HookEvaluation.on(
            instance: .object(
                JSONObject([
                    "dataManager": .object(
                        JSONObject(["orderType": .string("1"), "orderStatus": .int(2), "orderId": .string("T9")]))
                ])),
            arguments: [.string("rj_view_begin_add")]
        ).record(for: config)
        #expect(
            record
                == .object(
                    JSONObject([
                        "event": .string("user_finishbook_psgservice_click"), "orderId": .string("T9"),
                        "labKey": .string("rj_view_begin_add"),
                    ])))

        let tabs = HookConfig(
            appKey: "rj-ios", className: "RJMainViewController", selectors: ["tripLabClickWithLabKey:"],
            trigger: .rules([
                HookRule(
                    when: [HookCondition(source: HookSource("$args[0].tag")!, op: .equals, value: .int(0))],
                    event: "user_order_all_click"),
                HookRule(
                    when: [
                        HookCondition(
                            source: HookSource("$args[0].tag")!, op: .oneOf, value: .array([.int(1), .int(2)]))
                    ], event: "user_order_open_click"),
                HookRule(
                    when: [HookCondition(source: HookSource("title")!, op: .contains, value: .string("完成"))],
                    event: "user_order_finish_click"),
                HookRule(event: "user_order_other_click"),
            ]), implName: "rj_main_tracking")
        func tab(_ tag: Int, title: String = "") -> String? {
            HookEvaluation.on(
                instance: .object(JSONObject(["title": .string(title)])),
                arguments: [.object(JSONObject(["tag": .int(tag)]))]
            ).event(for: tabs)
        }
        #expect(tab(0) == "user_order_all_click")
        #expect(tab(2) == "user_order_open_click")
        #expect(tab(4, title: "已完成") == "user_order_finish_click")
        #expect(tab(4) == "user_order_other_click")
        #expect(HookEvaluation.on(instance: .object(JSONObject())).event(for: tabs) == "user_order_other_click")
    }

    @Test("bad input: one message naming the place, what was expected and what was found")
    func decodeErrors() {
        let head = #"{"id": "5d0c7a3e-8f14", "appKey": "rj-ios", "class": "RJTripViewController", "#
        #expect(
            decodeError(head + #""selectors": ["callServiceEvent"]}"#)
                == #"hook.json: $.event: expected "event" (a fixed event name) or "rules", found neither"#)
        #expect(
            decodeError(head + #""selectors": [], "event": "e"}"#)
                == "hook.json: $.selectors: expected a non-empty array of selectors, found an array")
        #expect(
            decodeError(head + #""selectors": ["call service"], "event": "e"}"#)?.hasPrefix(
                "hook.json: $.selectors[0]: expected a selector") == true)
        #expect(
            decodeError(head + #""selectors": ["a"], "event": "e", "rules": [{"event": "f"}]}"#)
                == #"hook.json: $.rules: expected either "event" or "rules", not both, found both"#)
        #expect(
            decodeError(head + #""selectors": ["a"], "rules": [{"event": "f"}, {"event": "g"}]}"#)?.hasPrefix(
                "hook.json: $.rules[1]: expected no rule after the default") == true)
        #expect(
            decodeError(
                head
                    + #""selectors": ["a"], "rules": [{"when": [{"keyPath": "x", "op": "greater", "value": 1}], "event": "f"}]}"#
            )
                == #"hook.json: $.rules[0].when[0].op: expected one of equals, notEquals, oneOf, contains, found "greater""#
        )
        #expect(
            decodeError(
                head
                    + #""selectors": ["a"], "rules": [{"when": [{"keyPath": "$args[99999999999]", "op": "equals", "value": 1}], "event": "f"}]}"#
            )?.hasPrefix("hook.json: $.rules[0].when[0].keyPath: expected a key path on the instance or $args[i]")
                == true)
        #expect(
            decodeError(head + #""selectors": ["a"], "event": "e", "values": {"n": "a..b"}}"#)?.hasPrefix(
                "hook.json: $.values.n: expected a key path") == true)
        #expect(
            decodeError(head + #""selectors": ["a"], "event": "e", "implName": "rj-trip"}"#)?.hasPrefix(
                "hook.json: $.implName: expected a class name") == true)
        #expect(
            decodeError(head + #""selectors": ["a"], "event": "e", "added": "yesterday"}"#)?.hasPrefix(
                "hook.json: $.added: expected a time") == true)
        #expect(
            decodeError(
                #"{"id": "5d0c7a3e-8f14", "appKey": "rj-ios", "class": "a/b", "selectors": ["a"], "event": "e"}"#)?
                .hasPrefix("hook.json: $.class: expected a class name usable in a file name") == true)
    }

    @Test(
        "files: saved under <app>/hooks/<class>-<id>.json, listed with problems, conflicts refused, kept out of the view configs"
    )
    func directory() throws {
        let root = NSTemporaryDirectory() + "lasso-hooks-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let hooks = HookDirectory(root: root)
        let first = try HookDraft(
            appKey: "rj-ios", className: "RJTripViewController", selectors: ["callServiceEvent"],
            event: "user_psgservice_click", from: "3.1.0"
        ).build(stamp: .fresh()).get()
        let path = try hooks.save(first, replacing: [])
        #expect(path == root + "/rj-ios/hooks/RJTripViewController-\(first.shortID).json")
        // Listed with the fingerprint of the bytes read, as configs and definitions are.
        let listed = try hooks.load()
        #expect(listed.first?.fingerprint != nil)
        #expect(listed.first?.fingerprint == ConfigDirectory.fingerprint(of: path))
        let overlapping = try HookDraft(
            appKey: "rj-ios", className: "RJTripViewController", selectors: ["viewDidLoad", "callServiceEvent"],
            event: "other", from: "3.5.0"
        ).build(stamp: .fresh()).get()
        #expect(throws: LassoError.self) { try hooks.save(overlapping, replacing: try hooks.load()) }
        let later = try HookDraft(
            appKey: "rj-ios", className: "RJTripViewController", selectors: ["callServiceEvent"], event: "other",
            from: "2.0.0", until: "3.1.0"
        ).build(stamp: .fresh()).get()
        try hooks.save(later, replacing: try hooks.load())
        #expect(try hooks.load().count == 2)
        try "{".write(toFile: root + "/rj-ios/hooks/Broken-00000000.json", atomically: true, encoding: .utf8)
        let listing = hooks.listing()
        #expect(listing.entries.count == 2)
        #expect(listing.problems.map(\.file) == [root + "/rj-ios/hooks/Broken-00000000.json"])
        #expect(try ConfigDirectory(root: root).load().isEmpty)
    }

    @Test("the draft: one problem at a time, and an edit keeps the id, the added time and unknown fields")
    func draft() throws {
        #expect(
            HookDraft(appKey: "a", className: "C", selectors: ["x y"], event: "e").build(stamp: .fresh())
                == .failure(.badSelector("x y")))
        #expect(HookDraft(appKey: "a", className: "C", selectors: ["x"]).build(stamp: .fresh()) == .failure(.noEvent))
        #expect(
            HookDraft(
                appKey: "a", className: "C", selectors: ["x"], rules: [HookRule(event: "d"), HookRule(event: "e")]
            ).build(stamp: .fresh())
                == .failure(.ruleAfterDefault(0)))
        let config = try decode(Self.tripConfigText)
        var draft = HookDraft.editing(config)
        draft.note = "changed"
        let edited = try draft.build(stamp: .fresh()).get()
        #expect(edited.id == config.id && edited.added == config.added && edited.otherFields == config.otherFields)
        #expect(edited.note == "changed" && edited.versions == config.versions)
    }

    @Test(
        "the JSON Schema (docs/hook-config.schema.json) names every field the codec writes and requires the ones it requires"
    )
    func schemaAgrees() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/hook-config.schema.json")
        let schema = try JSONParser.parse(Array(try Data(contentsOf: file)), file: file.path)
        let properties = try #require(schema["properties"]?.objectValue)
        let written = try #require(try JSONParser.parse(Array(Self.tripConfigText.utf8), file: "t").objectValue)
        let fixed = try JSONParser.parse(
            Array(
                HookCodec.fileText(HookConfig(appKey: "a", className: "C", selectors: ["s"], trigger: .event("e"))).utf8
            ), file: "t")
        let keys = Set(written.keys).union(fixed.objectValue?.keys ?? []).subtracting(["owner"])
        #expect(keys == Set(properties.keys))
        #expect(schema["required"] == .array(["id", "appKey", "class", "selectors"].map { .string($0) }))
    }
}
