import Foundation
import Testing

/// A snapshot or config that is not valid gets one clear message (the file, where,
/// what was expected and what was found), a non-zero exit, never a crash, a hang or a stack trace.
@Suite("bad input")
struct BadInputTests {
    /// A small valid snapshot, one field a line, so that places are easy to compute.
    static func document(
        rootExtra: String = "", child: String = #"{"class": "UIView", "frame": [0, 0, 10, 10]}"#,
        format: String = #""lasso.snapshot/1""#
    ) -> String {
        """
        {
          "format": \(format),
          "app": {"key": "demo-ios", "version": "1.0.0"},
          "root": {
            "class": "UIWindow",\(rootExtra)
            "children": [
              \(child)
            ]
          }
        }

        """
    }

    /// Writes `text` as `name` in a temp folder, runs `lasso stats FILE --json` and checks the message.
    static func expectRejected(
        _ text: String, name: String, status: Int32 = 65, mentions: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(text, to: name, in: folder)
        let (outcome, seconds) = try CLI.timed { try CLI.run(["stats", file, "--json"], in: folder, timeout: 60) }
        CLI.expectCleanError(outcome, status: status, file: name, mentions: mentions, sourceLocation: sourceLocation)
        #expect(seconds < 20, "took \(seconds) s", sourceLocation: sourceLocation)
    }

    @Test("the fixture document itself is valid")
    func fixtureIsValid() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.document(), to: "ok.json", in: folder)
        let outcome = try CLI.run(["stats", file, "--json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try CLI.object(outcome).int("nodes") == 2)
    }

    // MARK: JSON syntax

    @Test("a truncated snapshot (a sample cut in half) names the line:column and the end of the file")
    func truncatedFile() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("shop-home.json")))
        let half = whole.prefix(whole.count / 2)
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Data(half), to: "half.json", in: folder)
        let outcome = try CLI.run(["stats", file, "--json"], in: folder)
        CLI.expectCleanError(outcome, status: 65, file: "half.json", mentions: ["end of the file", "$.root"])
        // line:column of the end: the number of lines in the cut file, and a column.
        let lineCount = half.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        #expect(outcome.stderr.contains("half.json:\(lineCount):"), "\(outcome.stderr)")
    }

    @Test("a truncated small document points at the end of the file")
    func truncatedSmallDocument() throws {
        let text = Self.document()
        let cut = String(text[..<text.range(of: "[0, 0, 10")!.upperBound])
        try Self.expectRejected(
            cut, name: "cut.json", mentions: ["cut.json:7:", "end of the file", "$.root.children[0].frame"])
    }

    @Test("an empty file says a JSON object was expected and the end of the file was found")
    func emptyFile() throws {
        try Self.expectRejected("", name: "empty.json", mentions: ["1:1", "end of the file"])
    }

    @Test("what follows the document is an error")
    func trailingGarbage() throws {
        let text = #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow"}} x"#
        try Self.expectRejected(text, name: "trailing.json", mentions: ["1:63", "end of the file"])
    }

    @Test("invalid UTF-8 inside a string names the byte and its place")
    func invalidUTF8() throws {
        var bytes = Data(#"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "text": "ab"#.utf8)
        let column = bytes.count + 1
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data(#"cd"}}"#.utf8))
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(bytes, to: "utf8.json", in: folder)
        let outcome = try CLI.run(["stats", file, "--json"], in: folder)
        CLI.expectCleanError(
            outcome, status: 65, file: "utf8.json", mentions: ["1:\(column)", "$.root.text", "UTF-8", "0xFF"])
    }

    @Test("an overlong UTF-8 encoding is invalid UTF-8 too")
    func overlongUTF8() throws {
        var bytes = Data(#"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "text": ""#.utf8)
        bytes.append(contentsOf: [0xC0, 0xAF])
        bytes.append(contentsOf: Data(#""}}"#.utf8))
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(bytes, to: "overlong.json", in: folder)
        CLI.expectCleanError(
            try CLI.run(["stats", file], in: folder), status: 65, file: "overlong.json",
            mentions: ["$.root.text", "UTF-8"])
    }

    @Test("a raw control character in a string is an error that names it")
    func controlCharacterInString() throws {
        let prefix = #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "text": "ab"#
        let text = prefix + "\u{01}" + #"cd"}}"#
        try Self.expectRejected(
            text, name: "control.json", mentions: ["1:\(prefix.utf8.count + 1)", "$.root.text", "control character"])
    }

    @Test("a bad escape in a string is an error")
    func badEscape() throws {
        let text = #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "text": "a\qb"}}"#
        try Self.expectRejected(text, name: "escape.json", mentions: ["$.root.text", "escape"])
    }

    @Test("a duplicate key is an error")
    func duplicateKey() throws {
        let text = #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow"}, "root": {"class": "UIView"}}"#
        try Self.expectRejected(text, name: "duplicate.json", mentions: ["$.root"])
    }

    // MARK: wrong types and values

    @Test("frame as a string: the JSON path and the line:column of the value")
    func frameWrongType() throws {
        let text = Self.document(child: #"{"class": "UIView", "frame": "abc"}"#)
        let place = try #require(CLI.place(of: #""abc""#, in: text))
        try Self.expectRejected(text, name: "frame.json", mentions: [place, "$.root.children[0].frame", "a string"])
    }

    @Test("frame with three numbers is an error")
    func frameWrongLength() throws {
        let text = Self.document(child: #"{"class": "UIView", "frame": [0, 0, 10]}"#)
        try Self.expectRejected(text, name: "frame3.json", mentions: ["$.root.children[0].frame"])
    }

    @Test("hidden as a string: expected true or false")
    func hiddenWrongType() throws {
        let text = Self.document(child: #"{"class": "UIView", "hidden": "yes"}"#)
        let place = try #require(CLI.place(of: #""yes""#, in: text))
        try Self.expectRejected(text, name: "hidden.json", mentions: [place, "$.root.children[0].hidden"])
    }

    @Test("a negative indexPath is an error")
    func negativeIndexPath() throws {
        let text = Self.document(child: #"{"class": "UITableViewCell", "indexPath": [-1, 2]}"#)
        let place = try #require(CLI.place(of: "[-1, 2]", in: text))
        try Self.expectRejected(text, name: "indexpath.json", mentions: [place, "$.root.children[0].indexPath"])
    }

    @Test("children that is not an array is an error")
    func childrenNotArray() throws {
        let text = Self.document(child: #"{"class": "UIView", "children": {"class": "UILabel"}}"#)
        try Self.expectRejected(text, name: "children.json", mentions: ["$.root.children[0].children", "an object"])
    }

    @Test("a view without class names the view")
    func missingClass() throws {
        let text = Self.document(child: #"{"frame": [0, 0, 10, 10]}"#)
        try Self.expectRejected(text, name: "noclass.json", mentions: ["$.root.children[0]", "class"])
    }

    @Test("a class that is not a string is an error")
    func classWrongType() throws {
        let text = Self.document(child: #"{"class": 5}"#)
        try Self.expectRejected(text, name: "class5.json", mentions: ["$.root.children[0].class"])
    }

    @Test("an empty class name is an error (the schema says minLength 1; its path could not be read back)")
    func emptyClass() throws {
        let text = Self.document(child: #"{"class": ""}"#)
        try Self.expectRejected(text, name: "emptyclass.json", mentions: ["$.root.children[0].class"])
    }

    @Test("a viewController with an empty class is an error (schema: minLength 1)")
    func emptyViewControllerClass() throws {
        let text = Self.document(child: #"{"class": "UIView", "viewController": {"class": ""}}"#)
        try Self.expectRejected(text, name: "emptyvc.json", mentions: ["$.root.children[0].viewController"])
    }

    @Test("properties that are not an object are an error (schema: type object)")
    func propertiesNotObject() throws {
        let text = Self.document(child: #"{"class": "UIView", "properties": 3}"#)
        try Self.expectRejected(text, name: "props.json", mentions: ["$.root.children[0].properties"])
    }

    @Test("alpha outside 0…1 is an error")
    func alphaOutOfRange() throws {
        let text = Self.document(child: #"{"class": "UIView", "alpha": 2}"#)
        try Self.expectRejected(text, name: "alpha.json", mentions: ["$.root.children[0].alpha"])
    }

    @Test("a wrong format tag says which one was expected and which was found")
    func wrongFormat() throws {
        let text = Self.document(format: #""lasso.snapshot/2""#)
        let place = try #require(CLI.place(of: #""lasso.snapshot/2""#, in: text))
        try Self.expectRejected(
            text, name: "format.json", mentions: [place, "$.format", "lasso.snapshot/1", "lasso.snapshot/2"])
    }

    @Test("a document without root is an error")
    func missingRoot() throws {
        try Self.expectRejected(#"{"format": "lasso.snapshot/1"}"#, name: "noroot.json", mentions: ["$", "root"])
    }

    @Test("a JSON array instead of a document is an error")
    func notAnObject() throws {
        try Self.expectRejected("[1, 2]", name: "array.json", mentions: ["1:1", "an array"])
    }

    @Test(
        "every command reports a bad snapshot the same way",
        arguments: [
            ["tree"], ["path", "--node", "0"], ["inspect", "--node", "0"], ["match", "--path", "UIWindow[0]"],
        ])
    func everyCommandReportsBadInput(command: [String]) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(
            Self.document(child: #"{"class": "UIView", "hidden": "yes"}"#), to: "bad.json", in: folder)
        var arguments = [command[0], file] + command.dropFirst()
        arguments.append("--json")
        CLI.expectCleanError(
            try CLI.run(arguments, in: folder), status: 65, file: "bad.json", mentions: ["$.root.children[0].hidden"])
    }

    // MARK: files that are not there or not files

    @Test("a missing file exits 66 and names it")
    func missingFile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["stats", folder + "/no-such-snapshot.json"], in: folder)
        CLI.expectCleanError(outcome, status: 66, file: "no-such-snapshot.json", expectedFound: false)
    }

    @Test("a folder given as the snapshot is an error that says so")
    func directoryAsSnapshot() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/snap.json", withIntermediateDirectories: true)
        let outcome = try CLI.run(["stats", folder + "/snap.json", "--json"], in: folder)
        CLI.expectCleanError(outcome, status: 66, file: "snap.json", mentions: ["directory"])
    }

    // MARK: size and depth

    /// A chain of `depth` UIViews under the root, ending in a UILabel: depth + 1 views.
    static func deepTree(_ depth: Int) -> String {
        var text = #"{"format":"lasso.snapshot/1","root":"#
        text.reserveCapacity(depth * 40)
        text += String(repeating: #"{"class":"UIView","children":["#, count: depth)
        text += #"{"class":"UILabel","text":"leaf"}"#
        text += String(repeating: "]}", count: depth)
        text += "}"
        return text
    }

    @Test("a tree nested 100,000 deep loads: stats, path of the deepest view, tree all finish")
    func deepTreeLoads() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.deepTree(100_000), to: "deep.json", in: folder)
        let (stats, statsSeconds) = try CLI.timed { try CLI.run(["stats", file, "--json"], in: folder, timeout: 60) }
        #expect(stats.status == 0, "\(stats.stderr.prefix(500))")
        let object = try CLI.object(stats)
        #expect(object.int("nodes") == 100_001)
        #expect(object.int("deepest") == 100_000)
        #expect(statsSeconds < 30)

        let (path, pathSeconds) = try CLI.timed {
            try CLI.run(["path", file, "--node", "100000", "--json"], in: folder, timeout: 60)
        }
        #expect(path.status == 0, "\(path.stderr.prefix(500))")
        let view = try #require(try CLI.objects(path).first)
        #expect(view.int("depth") == 100_000)
        #expect(view.string("class") == "UILabel")
        let expected = String(repeating: "UIView[0]/", count: 100_000) + "UILabel[0]"
        #expect(view.string("path") == expected)
        #expect(view.string("viewId") == (try CLI.md5(expected)))
        #expect(pathSeconds < 30)

        let (tree, treeSeconds) = try CLI.timed { try CLI.run(["tree", file], in: folder, timeout: 60) }
        #expect(tree.status == 0, "\(tree.stderr.prefix(500))")
        #expect(CLI.lines(tree.stdout).count == 100_001)
        #expect(treeSeconds < 30)
    }

    @Test("properties nested 100,000 deep get a clear error, not a crash")
    func deepPropertiesRejected() throws {
        let depth = 100_000
        var text = #"{"format":"lasso.snapshot/1","root":{"class":"UIWindow","properties":{"a":"#
        text += String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) + "}}}"
        try Self.expectRejected(text, name: "deepprops.json", mentions: ["$.root.properties", "nest"])
    }

    @Test("arrays nested 100,000 deep in an unknown field get a clear error, not a crash")
    func deepUnknownFieldRejected() throws {
        let depth = 100_000
        var text = #"{"format":"lasso.snapshot/1","root":{"class":"UIWindow","layer":"#
        text += String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}"
        try Self.expectRejected(text, name: "deeplayer.json", mentions: ["$.root.layer", "nest"])
    }

    @Test(
        "a 1 GiB file (a small document, then NUL bytes) is refused quickly with a message about what follows the document"
    )
    func oneGigabyteFile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let document = #"{"format":"lasso.snapshot/1","root":{"class":"UIWindow"}}"#
        let file = try CLI.write(document, to: "huge.json", in: folder)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 1 << 30)  // sparse: no disk blocks for the NUL bytes
        try handle.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)
        #expect(size.int64Value == 1 << 30)
        let (outcome, seconds) = try CLI.timed { try CLI.run(["stats", file, "--json"], in: folder, timeout: 90) }
        CLI.expectCleanError(
            outcome, status: 65, file: "huge.json",
            mentions: ["1:\(document.utf8.count + 1)", "end of the file", "0x00"])
        #expect(seconds < 30, "took \(seconds) s")
    }

    // MARK: config files

    static let configPath = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]"
    static let configId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"

    static func configText(
        versions: String = #"[{"from": "5.3.0"}]"#, viewPath: String = configPath,
        viewId: String? = nil, keyName: String = #""productId""#
    ) throws -> String {
        let hash = try viewId ?? CLI.md5(viewPath)
        return """
            {
              "id": "\(configId)",
              "appKey": "shop-ios",
              "versions": \(versions),
              "viewEvent": "ListItemClick",
              "viewPath": "\(viewPath)",
              "viewId": "\(hash)",
              "keyPath": "model.productId",
              "keyName": \(keyName)
            }

            """
    }

    /// Writes one config file and runs `config list --configs cfg`.
    static func listWith(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        CLI.Outcome, String
    ) {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let name = "productId-\(configId.prefix(8)).json"
        try CLI.write(text, to: "cfg/shop-ios/" + name, in: folder)
        return (try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder), name)
    }

    @Test("the config fixture itself is valid")
    func configFixtureIsValid() throws {
        let (outcome, _) = try Self.listWith(try Self.configText())
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try CLI.objects(outcome).count == 1)
    }

    @Test("a config with a bad version string names the file and $.versions[0].from")
    func configBadVersion() throws {
        let (outcome, name) = try Self.listWith(try Self.configText(versions: #"[{"from": "five"}]"#))
        CLI.expectCleanError(outcome, status: 65, file: name, mentions: ["$.versions[0].from", "five"])
    }

    @Test("a config with a bad viewPath names the file and $.viewPath")
    func configBadViewPath() throws {
        let bad = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*"
        let (outcome, name) = try Self.listWith(
            try Self.configText(viewPath: bad, viewId: String(repeating: "0", count: 32)))
        CLI.expectCleanError(outcome, status: 65, file: name, mentions: ["$.viewPath"])
    }

    @Test("a config whose viewId is not its path's hash names the file, $.viewId and the right hash")
    func configWrongViewId() throws {
        let (outcome, name) = try Self.listWith(try Self.configText(viewId: String(repeating: "0", count: 32)))
        CLI.expectCleanError(outcome, status: 65, file: name, mentions: ["$.viewId", try CLI.md5(Self.configPath)])
    }

    @Test("a config that is not valid JSON names the file and the line:column")
    func configInvalidJSON() throws {
        let text = try Self.configText(keyName: "productId")  // the value without quotes
        let place = try #require(CLI.place(of: "productId\n", in: text))
        let (outcome, name) = try Self.listWith(text)
        CLI.expectCleanError(outcome, status: 65, file: name, mentions: [place])
    }

    @Test("a config with a wrong type names the field")
    func configWrongType() throws {
        let (outcome, name) = try Self.listWith(try Self.configText(versions: #"{"from": "5.3.0"}"#))
        CLI.expectCleanError(outcome, status: 65, file: name, mentions: ["$.versions"])
    }

    @Test("validate reports a broken config file the same way")
    func validateReportsBrokenConfigFile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let name = "productId-\(Self.configId.prefix(8)).json"
        try CLI.write(try Self.configText(versions: #"[{"until": "5..3"}]"#), to: "cfg/shop-ios/" + name, in: folder)
        let outcome = try CLI.run(["validate", "--configs", "cfg", CLI.sample("shop-home.json"), "--json"], in: folder)
        CLI.expectCleanError(outcome, status: 65, file: name, mentions: ["$.versions[0].until"])
    }
}
