import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

@Suite("Named event definitions: the file, the folder, the builder (docs/event-definitions.md)")
struct EventDefinitionTests {
    static let id = "9b2f4e61-0c3a-4d8e-b5a7-1f6e2d9c8a40"

    static func hotEntrance(key: String = "home_hot_entrance_click", from: String = "5.3.0") throws -> EventDefinition {
        EventDefinition(
            id: id, appKey: "shop-ios", name: "热门推荐入口点击", key: key,
            versions: VersionRanges([VersionInterval(from: AppVersion(from))]), viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]"),
            content: [ContentCondition(key: "entranceTitle", .equals("热门推荐"))],
            note: "wherever the back end places it")
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "lasso-events-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The decode error's text for `text` read as a definition file `d.json`.
    static func failure(_ text: String) -> String? {
        do {
            _ = try EventDefinitionCodec.decode(try JSONParser.parse(Array(text.utf8), file: "d.json"), file: "d.json")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("the file form: keys in order, two-space indent, trailing newline, as the seed's example")
    func canonicalText() throws {
        #expect(
            EventDefinitionCodec.fileText(try Self.hotEntrance()) == """
                {
                  "id": "9b2f4e61-0c3a-4d8e-b5a7-1f6e2d9c8a40",
                  "appKey": "shop-ios",
                  "name": "热门推荐入口点击",
                  "key": "home_hot_entrance_click",
                  "versions": [
                    {
                      "from": "5.3.0"
                    }
                  ],
                  "viewEvent": "ButtonClick",
                  "viewPath": "HomeViewController[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]",
                  "content": [
                    {
                      "key": "entranceTitle",
                      "op": "equals",
                      "value": "热门推荐"
                    }
                  ],
                  "note": "wherever the back end places it"
                }

                """)
    }

    @Test("every field and every operation round-trips; unknown fields are kept after the known ones, in order")
    func roundTrip() throws {
        var definition = try Self.hotEntrance()
        definition.versions = VersionRanges([
            VersionInterval(from: AppVersion("5.3.0-beta.2"), until: AppVersion("5.6")),
            VersionInterval(from: AppVersion("6.0.0")),
        ])
        definition.content = [
            ContentCondition(key: "entranceTitle", .equals("热门推荐")),
            ContentCondition(key: "url", .oneOf(["https://a.example/1", "https://a.example/2"])),
            ContentCondition(key: "title", .contains("推荐")),
            ContentCondition(key: "state.selected", .regex("^(true|1)$")),
        ]
        var text = EventDefinitionCodec.fileText(definition)
        text = text.replacingOccurrences(
            of: "\n}\n", with: ",\n  \"zeta\": {\n    \"x\": 1\n  },\n  \"alpha\": [\n    true\n  ]\n}\n")
        let read = try EventDefinitionCodec.decode(
            try JSONParser.parse(Array(text.utf8), file: "d.json"), file: "d.json")
        #expect(read.content == definition.content)
        #expect(read.versions == definition.versions)
        #expect(read.otherFields.keys == ["zeta", "alpha"])
        #expect(EventDefinitionCodec.fileText(read) == text)
        var bare = definition
        bare.note = nil
        bare.content = []
        bare.versions = VersionRanges()
        let bareText = EventDefinitionCodec.fileText(bare)
        #expect(!bareText.contains("\"note\""))
        #expect(bareText.contains("\"content\": []"))
        let bareRead = try EventDefinitionCodec.decode(
            try JSONParser.parse(Array(bareText.utf8), file: "d.json"), file: "d.json")
        #expect(bareRead == bare)
    }

    @Test(
        "every decode error names the file, the JSON path, what was expected and what was found",
        arguments: [
            ("[]", "d.json: $: expected an event definition object, found an array"),
            (#"{"appKey":"a"}"#, "d.json: $.id: expected a non-empty string, found nothing (the field is missing)"),
            (
                #"{"id":"x/1"}"#,
                "d.json: $.id: expected an id of letters, digits and '-' (a UUID), at least 8 long, found \"x/1\""
            ),
            (
                #"{"id":"12345678","appKey":"a/b"}"#,
                "d.json: $.appKey: expected an app key usable as a folder name (not empty, at most 200 bytes, no '/' or '\\', not starting with '.', no control or bidirectional characters), found \"a/b\""
            ),
            (#"{"id":"12345678","appKey":"a","name":""}"#, "d.json: $.name: expected a non-empty string, found \"\""),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":".k\"\u001b"}"#,
                "d.json: $.key: expected an event key usable in a file name (not empty, at most 200 bytes, no '/' or '\\', not starting with '.', no control or bidirectional characters), found \".k\\\"\\e\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","versions":{}}"#,
                "d.json: $.versions: expected an array of {\"from\", \"until\"} intervals, found an object"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","versions":[{"from":"x"}]}"#,
                "d.json: $.versions[0].from: expected a version such as 5.3.0 or 5.3.0-beta.2, found \"x\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":3}"#,
                "d.json: $.viewEvent: expected a non-empty string, found a number"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[x]"}"#,
                "d.json: $.viewPath: expected a viewPath such as Page[0]/UIView[0]/Cell[0:*]"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":{}}"#,
                "d.json: $.content: expected an array of {\"key\", \"op\", \"value\"} conditions, found an object"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"PageView","profile":"sensors","viewPath":"UIView"}"#,
                "d.json: $.viewPath: expected \"\" (a page view of sensors records carries no element path; \"screen\" names the page), found \"UIView\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"PageView","profile":"sensors","viewPath":"","screen":""}"#,
                "d.json: $.screen: expected the page's name as the SDK reports it (not empty, no control characters), found \"\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"PageView","profile":"posthog","viewPath":"","screen":"H\u001b[2J"}"#,
                "d.json: $.screen: expected the page's name as the SDK reports it (not empty, no control characters), found \"H\\e[2J\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"equals","value":"a\u0000"}]}"#,
                "d.json: $.content[0].value: expected a text without control characters, found \"a\\u{0}\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":["x"]}"#,
                "d.json: $.content[0]: expected an object with \"key\", \"op\" and \"value\" (or \"values\"), found a string"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"op":"equals","value":"v"}]}"#,
                "d.json: $.content[0].key: expected a non-empty string (a reported key name), found nothing (the field is missing)"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"is","value":"v"}]}"#,
                "d.json: $.content[0].op: expected one of equals, oneOf, contains, regex, found \"is\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"equals","value":1}]}"#,
                "d.json: $.content[0].value: expected a string, found a number"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"equals","values":["v"]}]}"#,
                "d.json: $.content[0].values: expected no \"values\" with equals (it takes \"value\", a string), found values"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"oneOf","value":"v"}]}"#,
                "d.json: $.content[0].value: expected no \"value\" with oneOf (it takes \"values\", an array), found a value"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"oneOf","values":[]}]}"#,
                "d.json: $.content[0].values: expected a non-empty array of strings, found an array"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"oneOf","values":["a",2]}]}"#,
                "d.json: $.content[0].values[1]: expected a string, found a number"
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"contains","value":""}]}"#,
                "d.json: $.content[0].value: expected a non-empty string, found \"\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"regex","value":"(a"}]}"#,
                "d.json: $.content[0].value: expected a portable regular expression that compiles (a ( that is never closed at character 1), found \"(a\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"equals","value":"v","x":1}]}"#,
                "d.json: $.content[0].x: expected only \"key\", \"op\", \"value\" and \"values\", found a field \"x\""
            ),
            (
                #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","note":5}"#,
                "d.json: $.note: expected a non-empty string, found a number"
            ),
        ])
    func decodeErrors(text: String, message: String) {
        let failure = Self.failure(text)
        #expect(failure?.hasPrefix(message) == true, "\(failure ?? "no error")")
    }

    @Test("a refused pattern of 100 KB is quoted by its start, not echoed whole")
    func longPatternRefusalIsCut() throws {
        let pattern = "(" + String(repeating: "a", count: 100_000)
        let text =
            #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"regex","value":""#
            + pattern + #""}]}"#
        let failure = try #require(Self.failure(text))
        #expect(failure.hasPrefix("d.json: $.content[0].value: expected a portable regular expression that compiles"))
        #expect(failure.count < 400, "\(failure.count) characters")
        #expect(failure.contains("found \"(aaaa") && failure.contains("…\""))
    }

    @Test(
        "files go to <configs>/<appKey>/events/<key>-<first 8 of id>.json; the listing reads them, the configs ignore them"
    )
    func folderLayout() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let events = EventDirectory(root: root)
        let path = try events.save(try Self.hotEntrance(), replacing: [])
        #expect(path == root + "/shop-ios/events/home_hot_entrance_click-9b2f4e61.json")
        // Saved for the first time, it is given the app's first number.
        var numbered = try Self.hotEntrance()
        numbered.number = 1
        #expect(try String(contentsOfFile: path, encoding: .utf8) == EventDefinitionCodec.fileText(numbered))
        let entries = try events.load()
        #expect(entries.map(\.definition) == [numbered])
        #expect(entries[0].fingerprint == ConfigDirectory.fingerprint(of: path))
        #expect(try ConfigDirectory(root: root).load().isEmpty)
        #expect(try events.find("9b2f", in: entries).file == path)
        // Renamed: the old file goes once the new one is written.
        var renamed = try Self.hotEntrance(key: "hot_click")
        renamed.name = "热门"
        let newPath = try events.save(renamed, replacing: entries)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try events.load().map(\.file) == [newPath])
        try events.remove(try events.load()[0])
        #expect(try events.load().isEmpty)
    }

    @Test("one broken file is a problem beside the definitions that read; load() stops at it")
    func listingProblems() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let events = EventDirectory(root: root)
        try events.save(try Self.hotEntrance(), replacing: [])
        try "{\"id\": 3}".write(toFile: root + "/shop-ios/events/broken.json", atomically: true, encoding: .utf8)
        var elsewhere = try Self.hotEntrance()
        elsewhere.id = "11111111-0000-0000-0000-000000000000"
        try FileManager.default.createDirectory(atPath: root + "/other/events", withIntermediateDirectories: true)
        try EventDefinitionCodec.fileText(elsewhere).write(
            toFile: root + "/other/events/x.json", atomically: true, encoding: .utf8)
        let listing = events.listing()
        #expect(listing.entries.count == 1)
        #expect(
            listing.problems.map(\.message) == [
                "$.appKey: expected \"other\" (the name of the app folder it is in), found \"shop-ios\"",
                "$.id: expected a non-empty string, found a number",
            ])
        #expect(throws: LassoError.self) { try events.load() }
    }

    @Test("conflicts: the same key with overlapping versions, and the same event, place and content under another key")
    func conflicts() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let events = EventDirectory(root: root)
        try events.save(try Self.hotEntrance(), replacing: [])
        let entries = try events.load()
        var sameKey = try Self.hotEntrance()
        sameKey.id = KVCConfig.newID()
        sameKey.content = [ContentCondition(key: "entranceTitle", .equals("新品"))]
        #expect(throws: LassoError.self) { try events.save(sameKey, replacing: entries) }
        #expect(
            EventDefinitionCodec.conflictMessage(of: sameKey, in: entries)?.contains(
                "the key \"home_hot_entrance_click\"") == true)
        var sameMeaning = try Self.hotEntrance(key: "hot2")
        sameMeaning.id = KVCConfig.newID()
        #expect(
            EventDefinitionCodec.conflictMessage(of: sameMeaning, in: entries)?.contains(
                "already counted as \"home_hot_entrance_click\"")
                == true)
        // One value set written in another order, or once twice, is the same meaning; one value is its equals.
        var oneOf = try Self.hotEntrance(key: "hot3")
        oneOf.id = KVCConfig.newID()
        oneOf.content = [ContentCondition(key: "entranceTitle", .oneOf(["b", "a"]))]
        var reordered = try Self.hotEntrance(key: "hot4")
        reordered.id = KVCConfig.newID()
        reordered.content = [ContentCondition(key: "entranceTitle", .oneOf(["a", "b", "a"]))]
        #expect(oneOf.clash(with: reordered) == .sameMeaning)
        reordered.content = [ContentCondition(key: "entranceTitle", .oneOf(["a", "c"]))]
        #expect(oneOf.clash(with: reordered) == nil)
        var single = try Self.hotEntrance(key: "hot5")
        single.id = KVCConfig.newID()
        single.content = [ContentCondition(key: "entranceTitle", .oneOf(["热门推荐"]))]
        #expect(single.clash(with: try Self.hotEntrance()) == .sameMeaning)
        var earlier = sameKey
        earlier.versions = VersionRanges([VersionInterval(until: AppVersion("5.3.0"))])
        #expect(EventDefinitionCodec.conflicts(of: earlier, in: entries).isEmpty)
        #expect(EventDefinitionCodec.conflicts(of: try Self.hotEntrance(), in: entries).isEmpty)
    }

    @Test("the draft builds, edits keeping unknown fields, and refuses each bad field with its own problem")
    func draft() throws {
        let path = try PathNotation.parse("HomeViewController[0]/UIView[0]/EntranceBar[0]/EntranceButton[2]")
        var draft = EventDefinitionDraft(
            appKey: "shop-ios", name: " 热门 ", key: "hot", viewEvent: "ButtonClick", exactPath: path,
            content: [ContentCondition(key: "entranceTitle", .equals("热门推荐"))], from: "5.3.0")
        draft.anyIndex[3] = true
        let made = try draft.build(stamp: .fresh()).get()
        #expect(made.name == "热门")
        #expect(made.viewPathText == "HomeViewController[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]")
        #expect(made.versions == VersionRanges([VersionInterval(from: AppVersion("5.3.0"))]))
        var kept = made
        kept.otherFields["x"] = .bool(true)
        var edit = EventDefinitionDraft.editing(kept)
        edit.note = "n"
        let edited = try edit.build(stamp: .fresh()).get()
        #expect(edited.id == made.id && edited.otherFields["x"] == .bool(true) && edited.note == "n")
        var bad = draft
        bad.name = " "
        #expect(bad.build(stamp: .fresh()) == .failure(.emptyName))
        bad = draft
        bad.key = "a/b"
        #expect(bad.build(stamp: .fresh()) == .failure(.unsafeKey("a/b")))
        bad = draft
        bad.content = [ContentCondition(key: "t", .regex("(x"))]
        #expect(bad.build(stamp: .fresh()) == .failure(.badRegex("(x", "a ( that is never closed at character 1")))
        bad = draft
        bad.until = "5.0"
        #expect(bad.build(stamp: .fresh()) == .failure(.emptyInterval(from: "5.3.0", until: "5.0")))
        bad = draft
        bad.appKey = nil
        #expect(bad.build(stamp: .fresh()) == .failure(.noAppKey))
    }

    @Test("the plain-words sentence names the event, the view, where it is and the content")
    func sentence() throws {
        #expect(
            try Self.hotEntrance().sentence
                == "ButtonClick on any EntranceButton in EntranceBar on HomeViewController whose entranceTitle is 热门推荐")
        var slot = try Self.hotEntrance()
        slot.viewPath = try PathNotation.parse("HomeViewController[0]/UIView[0]/BannerView[0]")
        slot.content = [
            ContentCondition(key: "url", .oneOf(["a", "b"])), ContentCondition(key: "title", .contains("活动")),
        ]
        #expect(
            slot.sentence
                == "ButtonClick on the BannerView on HomeViewController whose url is one of a, b and whose title contains 活动"
        )
    }

    @Test("docs/event-definition.schema.json names the fields the codec writes and requires those it cannot go without")
    func schemaAgrees() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/event-definition.schema.json")
        let schema = try #require(
            try JSONSerialization.jsonObject(with: try Data(contentsOf: file)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let sensors = try Self.hotEntrance().rewritten(
            in: .sensors, pattern: try SDKProfile.sensors.read("UIView/EntranceBar[0]/EntranceButton[-]"),
            screen: "ShopApp.HomeViewController")
        var numbered = try Self.hotEntrance()
        numbered.number = 1
        let written =
            try #require(EventDefinitionCodec.json(numbered).objectValue).keys
            + (try #require(EventDefinitionCodec.json(sensors).objectValue).keys)
        #expect(Set(properties.keys) == Set(written))
        #expect(
            Set(try #require(schema["required"] as? [String])) == [
                "id", "appKey", "name", "key", "viewEvent", "viewPath",
            ])
        for field in ["id", "appKey", "name", "key", "viewEvent", "viewPath"] {
            var text = EventDefinitionCodec.fileText(try Self.hotEntrance())
            text = text.replacingOccurrences(of: "\"\(field)\":", with: "\"_\(field)\":")
            #expect(Self.failure(text)?.contains("$.\(field): expected") == true)
        }
    }

    @Test("a definition in an SDK's profile: its path read in that dialect, its page kept, both written back")
    func profileDefinition() throws {
        let path = "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UIButton[0]"
        let sensors = try Self.hotEntrance().rewritten(
            in: .sensors, pattern: try SDKProfile.sensors.read(path), screen: "ShopApp.HomeViewController")
        let text = EventDefinitionCodec.fileText(sensors)
        #expect(text.contains(#""profile": "sensors""#))
        #expect(text.contains(#""screen": "ShopApp.HomeViewController""#))
        let read = try EventDefinitionCodec.decode(
            try JSONParser.parse(Array(text.utf8), file: "e.json"), file: "e.json")
        #expect(read == sensors)
        #expect(read.viewPathText == path)
        // A page on a profile that reports none, and a path the dialect cannot read, are named at their key.
        let lasso = EventDefinitionCodec.fileText(try Self.hotEntrance())
        let paged = lasso.replacingOccurrences(of: #""content""#, with: #""screen": "Home", "content""#)
        #expect(
            Self.failure(paged)?.contains("$.screen: expected no \"screen\"") == true, "\(Self.failure(paged) ?? "")")
        let broken = text.replacingOccurrences(of: path, with: "UIView/UITableView[0]/[x")
        #expect(
            Self.failure(broken)?.contains("$.viewPath: expected a sensors path") == true,
            "\(Self.failure(broken) ?? "")")
    }
}
