import Foundation
import LassoSnapshot
import Testing

@Suite("Loading lasso.snapshot/1 (docs/snapshot-format.md)")
struct LoaderTests {
    func load(_ text: String) throws -> Snapshot { try SnapshotLoader.load(bytes: Array(text.utf8), file: "s.json") }

    func fault(_ text: String) -> InputError? {
        do {
            _ = try SnapshotLoader.load(bytes: Array(text.utf8), file: "s.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("every field is read, and unknown fields are kept")
    func fields() throws {
        let snapshot = try load(
            #"""
            {"format": "lasso.snapshot/1", "app": {"key": "k", "version": "1.2", "build": "7", "platform": "ios"}, "capturedAt": "2026-11-20T10:00:00Z",
             "screen": {"width": 390, "height": 844, "scale": 3}, "extra": {"a": [1, 2]},
             "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
               {"class": "ShopKit.Cell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [1, 4], "hidden": true, "alpha": 0.5,
                "text": "a\"b\u00e9\n", "title": "t", "accessibilityIdentifier": "id", "accessibilityLabel": "al", "imageName": "img",
                "actions": ["tap:"], "gestures": ["UITapGestureRecognizer"], "state": {"isOn": true}, "properties": {"model": {"n": 1.50}},
                "viewPath": "X[0]", "layer": {"cornerRadius": 4}, "id": "0x7f01",
                "viewController": {"class": "VC", "superclasses": ["UIViewController"], "title": "T", "alias": "al", "properties": {"p": 1}, "storyboard": "Main"}}]}}
            """#)
        #expect(snapshot.count == 2)
        #expect(snapshot.app == AppInfo(key: "k", version: "1.2", build: "7", platform: "ios"))
        #expect(snapshot.capturedAt == "2026-11-20T10:00:00Z")
        #expect(snapshot.screen == ScreenInfo(width: 390, height: 844, scale: 3))
        #expect(
            snapshot.unknownTopLevelFields["extra"] == .object(JSONObject(["a": .array([.number("1"), .number("2")])])))
        #expect(snapshot.className(of: 1) == "ShopKit.Cell")
        #expect(snapshot.superclasses(of: 1) == ["UITableViewCell", "UIView"])
        #expect(snapshot.indexPath(of: 1)! == (1, 4))
        #expect(snapshot.isHidden(of: 1))
        #expect(snapshot.alpha(of: 1) == 0.5)
        #expect(snapshot.text(of: 1) == "a\"bé\n")
        #expect(snapshot.title(of: 1) == "t")
        #expect(snapshot.accessibilityIdentifier(of: 1) == "id")
        #expect(snapshot.accessibilityLabel(of: 1) == "al")
        #expect(snapshot.imageName(of: 1) == "img")
        #expect(snapshot.actions(of: 1) == ["tap:"])
        #expect(snapshot.gestures(of: 1) == ["UITapGestureRecognizer"])
        #expect(snapshot.state(of: 1)?["isOn"] == .bool(true))
        #expect(snapshot.properties(of: 1)?["model"]?["n"] == .number("1.50"))
        #expect(snapshot.sdkViewPath(of: 1) == "X[0]")
        #expect(snapshot.unknownFields(of: 1).keys == ["layer", "id"])
        let controller = try #require(snapshot.controller(of: 1))
        #expect(controller.className == "VC")
        #expect(controller.alias == "al")
        #expect(controller.title == "T")
        #expect(snapshot.properties(of: controller)?["p"] == .number("1"))
        #expect(snapshot.unknownFields(of: controller)["storyboard"] == .string("Main"))
        #expect(snapshot.frame(of: 0) == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(snapshot.children(of: 0) == [1])
    }

    @Test("a screenshot file name holding NUL is refused: the system would open the name up to the NUL")
    func screenshotFileWithNUL() throws {
        let text =
            #"{"format": "lasso.snapshot/1", "screenshot": {"file": "a\u0000b.png"}, "root": {"class": "UIWindow"}}"#
        let error = #expect(throws: InputError.self) {
            try SnapshotLoader.load(bytes: Array(text.utf8), file: "nul.json")
        }
        #expect(error?.jsonPath == "$.screenshot.file")
        #expect(error?.expected == "a file name without NUL characters")
        #expect(error?.found.contains("a\\u{0}b.png") == true, "\(String(describing: error?.found))")
        #expect(throws: LassoError.self) { try FileBytes.read("/tmp\u{0}/passwd") }
    }

    @Test("a tree nested 100,000 deep loads, and its deepest path can be made")
    func deepTree() throws {
        let depth = 100_000
        var text = #"{"format": "lasso.snapshot/1", "root": "#
        for _ in 0..<depth { text += #"{"class": "UIView", "children": ["# }
        text += #"{"class": "UILabel", "text": "bottom"}"#
        for _ in 0..<depth { text += "]}" }
        text += "}"
        let snapshot = try load(text)
        #expect(snapshot.count == depth + 1)
        #expect(snapshot.depth(of: depth) == depth)
        let table = PathTable(snapshot)
        #expect(table.path(of: depth).segments.count == depth + 1)
        #expect(snapshot.ancestry(of: depth).count == depth + 1)
    }

    @Test(
        "faults name the place and say what was expected and found",
        arguments: [
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A", "frame": "abc"}}"#, "$.root.frame",
                "an array of 4 numbers"
            ),
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A", "children": [{"class": "B"}, {"class": "C", "hidden": "yes"}]}}"#,
                "$.root.children[1].hidden", "true or false"
            ),
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A", "children": [{"indexPath": [0, 1]}]}}"#,
                "$.root.children[0]", "\"class\""
            ),
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A", "indexPath": [-1, 2]}}"#, "$.root.indexPath",
                "whole numbers"
            ),
            (#"{"format": "lasso.snapshot/2", "root": {"class": "A"}}"#, "$.format", "lasso.snapshot/1"),
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A", "children": {"class": "B"}}}"#,
                "$.root.children", "an array of views"
            ),
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A", "frame": [1, 2, 3]}}"#, "$.root.frame",
                "an array of 4 numbers"
            ),
            (#"{"format": "lasso.snapshot/1", "root": {"class": "A", "alpha": 2}}"#, "$.root.alpha", "from 0 to 1"),
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A"}, "app": {"version": 5}}"#, "$.app.version",
                "a string"
            ),
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "A", "children": [{"class": "B", "children": [{"class": 1}]}]}}"#,
                "$.root.children[0].children[0].class", "a string"
            ),
            (#"{"root": {"class": "A"}}"#, "$", "\"format\""),
            (#"{"format": "lasso.snapshot/1"}"#, "$", "\"root\""),
        ])
    func faults(text: String, place: String, expected: String) throws {
        let error = try #require(fault(text))
        #expect(error.file == "s.json")
        #expect(error.jsonPath == place)
        #expect(error.expected.contains(expected), "\(error)")
        #expect(error.line == 1)
    }

    @Test("syntax faults give line and column")
    func lineAndColumn() throws {
        let error = try #require(
            fault("{\"format\": \"lasso.snapshot/1\",\n  \"root\": {\"class\": \"A\",\n   \"text\": tru}}"))
        #expect(error.line == 3)
        #expect(error.column == 12)
        #expect(error.jsonPath == "$.root.text")
        #expect(error.description.hasPrefix("s.json:3:12: $.root.text: expected"))
    }

    @Test(
        "hostile bytes get a message, never a crash",
        arguments: [
            "", "{", "[]", "null", #"{"format": "lasso.snapshot/1", "root": {"class": "A"}} trailing"#,
            "{\"format\": \"lasso.snapshot/1\", \"root\": {\"class\": \"A\", \"text\": \"tab\there\"}}",
            #"{"format": "lasso.snapshot/1", "root": {"class": "A", "text": "bad \x escape"}}"#,
            #"{"format": "lasso.snapshot/1", "root": {"class": "A", "text": "\u12"}}"#,
            #"{"format": "lasso.snapshot/1", "root": {"class": "A", "children": [{"class": "B"},]}}"#,
            #"{"format": "lasso.snapshot/1", "root": {"class": "A", "properties": {"a": 01}}}"#,
            #"{"format": "lasso.snapshot/1", "root": {"class": "A", "children": [], "children": []}}"#,
        ])
    func hostile(text: String) {
        #expect(fault(text) != nil)
    }

    @Test("invalid UTF-8 inside a string is found, with its byte")
    func invalidUTF8() throws {
        var bytes = Array(#"{"format": "lasso.snapshot/1", "root": {"class": "A", "text": "ok "#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}}"#.utf8)
        #expect {
            _ = try SnapshotLoader.load(bytes: bytes, file: "u.json")
        } throws: { error in
            (error as? InputError)?.found == "the byte 0xC3" && (error as? InputError)?.jsonPath == "$.root.text"
        }
    }

    @Test("properties nested deeper than the limit are refused, not a stack overflow")
    func deepProperties() throws {
        let depth = 100_000
        let text =
            #"{"format": "lasso.snapshot/1", "root": {"class": "A", "properties": {"a": "#
            + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}}}"
        let error = try #require(fault(text))
        #expect(error.expected.contains("levels"))
        #expect(error.jsonPath == "$.root.properties")
    }

    @Test("a byte order mark is skipped")
    func byteOrderMark() throws {
        let snapshot = try SnapshotLoader.load(
            bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"format": "lasso.snapshot/1", "root": {"class": "A"}}"#.utf8),
            file: "b.json")
        #expect(snapshot.count == 1)
    }

    @Test("window coordinates add superview origins and subtract scroll offsets")
    func windowFrames() throws {
        let snapshot = try load(
            #"""
            {"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
              {"class": "UIScrollView", "frame": [0, 100, 390, 600], "state": {"contentOffset": [0, 300]}, "children": [
                {"class": "UIView", "frame": [10, 400, 100, 50], "children": [{"class": "UILabel", "frame": [5, 5, 20, 10]}]}]}]}}
            """#)
        #expect(WindowGeometry.windowFrame(of: 3, in: snapshot) == Rect(x: 15, y: 205, width: 20, height: 10))
    }
}

@Suite("Action targets and the classes list in snapshots (docs/snapshot-format.md)")
struct ActionTargetTests {
    func load(_ text: String) throws -> Snapshot { try SnapshotLoader.load(bytes: Array(text.utf8), file: "s.json") }

    @Test("actions may name their target; plain selectors stay as they were; classes list methods")
    func targetsAndClasses() throws {
        let snapshot = try load(
            #"""
            {"format": "lasso.snapshot/1",
             "classes": {"ProductCell": {"methods": ["addToCart:", "prepareForReuse"]}, "HomeViewController": {}},
             "root": {"class": "UIWindow", "children": [
               {"class": "UIButton", "actions": ["buy:"]},
               {"class": "UIButton", "actions": [{"selector": "addToCart:", "target": "ProductCell"}, "log:"]}]}}
            """#)
        #expect(snapshot.actions(of: 1) == ["buy:"])
        #expect(snapshot.actionTargets(of: 1) == [nil])
        #expect(snapshot.actions(of: 2) == ["addToCart:", "log:"])
        #expect(snapshot.actionTargets(of: 2) == ["ProductCell", nil])
        #expect(
            snapshot.classes == [
                SnapshotClass(name: "ProductCell", methods: ["addToCart:", "prepareForReuse"]),
                SnapshotClass(name: "HomeViewController", methods: nil),
            ])
        #expect(snapshot.unknownTopLevelFields.isEmpty)
        let report = NodeReport(PathTable(snapshot)).details(2)
        #expect(report["actions"]?.arrayValue?.first?["target"] == .string("ProductCell"))
    }

    @Test("a bad action object or classes entry: one message with the place")
    func badInput() {
        for (text, place) in [
            (
                #"{"format": "lasso.snapshot/1", "root": {"class": "V", "actions": [{"target": "C"}]}}"#,
                "$.root.actions"
            ),
            (#"{"format": "lasso.snapshot/1", "root": {"class": "V", "actions": [3]}}"#, "$.root.actions"),
            (
                #"{"format": "lasso.snapshot/1", "classes": {"C": {"methods": "a"}}, "root": {"class": "V"}}"#,
                "$.classes.C.methods"
            ),
            (#"{"format": "lasso.snapshot/1", "classes": [], "root": {"class": "V"}}"#, "$.classes"),
        ] {
            do {
                _ = try load(text)
                Issue.record("loaded: \(text)")
            } catch {
                #expect("\(error)".contains(place), "\(error)")
                #expect("\(error)".contains("expected"))
            }
        }
    }
}
