import Foundation
import Testing

/// `lasso event add|list|show|edit|rm` on the real binary in a temp folder (docs/event-definitions.md).
@Suite("event commands")
struct EventCommandTests {
    static let buttonPath =
        "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]"

    /// A configs folder `cfg` with one config reporting `productId` on the home feed's add-to-cart buttons.
    static func folderWithConfig() throws -> String {
        let folder = try CLI.folder()
        let added = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "34", "--event", "ButtonClick",
                "--key-path", "superview.superview.model.productId", "--key-name", "productId", "--path", buttonPath,
                "--configs", "cfg",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        return folder
    }

    static func add(_ folder: String, key: String = "cart_p1003", _ extra: [String]) throws -> CLI.Outcome {
        try CLI.run(
            [
                "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", "P1003 加购", "--key", key,
                "--event", "ButtonClick", "--path", buttonPath,
            ] + extra, in: folder)
    }

    @Test("add writes <configs>/<appKey>/events/<key>-<first 8 of id>.json in canonical form; --json gives it back")
    func addWritesTheFile() throws {
        let folder = try Self.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let outcome = try Self.add(
            folder,
            [
                "--content", "productId=P1003", "--content", "productId=P1004", "--content", "title*=购物",
                "--content", "state.selected~=^(true|1)$", "--from", "5.3.0", "--note", "two products", "--json",
            ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try CLI.object(outcome)
        let id = try #require(object.string("id"))
        let file = try #require(object.string("file"))
        #expect(file == "cfg/shop-ios/events/cart_p1003-\(id.prefix(8)).json")
        let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        #expect(
            ConfigCommandTests.topLevelKeys(text) == [
                "id", "appKey", "name", "key", "number", "versions", "viewEvent", "viewPath", "content", "note",
            ])
        #expect(text.hasSuffix("}\n") && text.contains("\n  \"name\": \"P1003 加购\",\n"))
        let content = try #require(object["content"] as? [[String: Any]])
        #expect(content.map { $0.string("op") } == ["oneOf", "contains", "regex"])
        #expect(content[0]["values"] as? [String] == ["P1003", "P1004"])
        #expect(content[2].string("value") == "^(true|1)$")
        // The configs' reader does not take the definition for a config.
        let configs = try CLI.run(["config", "list", "--configs", "cfg"], in: folder)
        #expect(configs.status == 0 && CLI.lines(configs.stdout).count == 1, "\(configs.stdout)\(configs.stderr)")
    }

    @Test("list, show (plain words and --json), edit keeping the id, rm")
    func listShowEditRemove() throws {
        let folder = try Self.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let added = try CLI.object(try Self.add(folder, ["--content", "productId=P1003", "--json"]))
        let id = try #require(added.string("id"))
        let list = try CLI.run(["event", "list", "--configs", "cfg"], in: folder)
        #expect(list.stdout == "\(id.prefix(8))\tshop-ios\tcart_p1003\tButtonClick\tevery version\tP1003 加购\n")
        let none = try CLI.run(["event", "list", "--configs", "cfg", "--app-key", "other"], in: folder)
        #expect(none.stdout == "no event definitions in cfg\n")
        let show = try CLI.run(["event", "show", String(id.prefix(6)), "--configs", "cfg"], in: folder)
        #expect(
            show.stdout.contains(
                "ButtonClick on the UIButton in any ProductCell on HomeViewController whose productId is P1003"),
            "\(show.stdout)\(show.stderr)")
        let shown = try CLI.object(try CLI.run(["event", "show", id, "--configs", "cfg", "--json"], in: folder))
        #expect(shown.string("key") == "cart_p1003")
        let edit = try CLI.run(
            [
                "event", "edit", String(id.prefix(8)), "--configs", "cfg", "--key", "cart_any", "--clear-content",
                "--until", "6.0",
            ], in: folder)
        #expect(edit.status == 0, "\(edit.stderr)")
        let files = CLI.files(under: folder + "/cfg/shop-ios/events")
        #expect(files == ["cart_any-\(id.prefix(8)).json", "numbers.txt"])
        let edited = try ConfigCommandTests.parse(folder + "/cfg/shop-ios/events/" + files[0])
        #expect(edited.string("id") == id && (edited["content"] as? [Any])?.isEmpty == true)
        let removed = try CLI.run(["event", "rm", id, "--configs", "cfg"], in: folder)
        // The ledger of numbers stays: the removed definition's number is never given again.
        #expect(removed.status == 0 && CLI.files(under: folder + "/cfg/shop-ios/events") == ["numbers.txt"])
        let gone = try CLI.run(["event", "show", id, "--configs", "cfg"], in: folder)
        #expect(gone.status == 1 && gone.stderr.contains("no event definition in cfg has the id"))
    }

    @Test("conflicts are refused with exit 3 naming the other definition; --force saves anyway")
    func conflictsRefused() throws {
        let folder = try Self.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.add(folder, ["--content", "productId=P1003"]).status == 0)
        let sameKey = try Self.add(folder, ["--content", "productId=P1004"])
        #expect(sameKey.status == 3)
        #expect(sameKey.stderr.contains("conflict: the key \"cart_p1003\" is already cfg/shop-ios/events/cart_p1003-"))
        let sameMeaning = try Self.add(folder, key: "again", ["--content", "productId=P1003"])
        #expect(sameMeaning.status == 3)
        #expect(sameMeaning.stderr.contains("is already counted as \"cart_p1003\""), "\(sameMeaning.stderr)")
        let forced = try Self.add(folder, key: "again", ["--content", "productId=P1003", "--force"])
        #expect(forced.status == 0 && forced.stderr.contains("warning: "))
        let otherVersions = try Self.add(folder, ["--content", "productId=P1004", "--until", "5.0"])
        #expect(otherVersions.status == 3, "every version overlaps --until 5.0")
    }

    @Test("a content key no config at the location reports is refused; SDK fields always pass")
    func unknownContentKeys() throws {
        let folder = try Self.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let unknown = try Self.add(folder, ["--content", "price=3"])
        #expect(unknown.status == 3)
        #expect(
            unknown.stderr.contains("reports \"price\" (they report: productId); the SDK itself sends only title"),
            "\(unknown.stderr)")
        #expect(CLI.files(under: folder + "/cfg/shop-ios/events").isEmpty)
        #expect(try Self.add(folder, ["--content", "title=加入购物车", "--content", "state.selected=true"]).status == 0)
        let elsewhere = try CLI.run(
            [
                "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", "n", "--key", "k",
                "--event", "ButtonClick", "--path", "HomeViewController[0]/UIView[0]/Banner[0]", "--content",
                "productId=P1",
            ], in: folder)
        #expect(elsewhere.status == 3 && elsewhere.stderr.contains("(none there reports anything for these versions)"))
        // Forced in, it can still have its note edited without --force; a change of content is checked again.
        let forced = try CLI.object(try Self.add(folder, key: "cheap", ["--content", "price=3", "--force", "--json"]))
        let id = try #require(forced.string("id"))
        #expect(try CLI.run(["event", "edit", id, "--configs", "cfg", "--note", "n"], in: folder).status == 0)
        let changed = try CLI.run(["event", "edit", id, "--configs", "cfg", "--content", "price=4"], in: folder)
        #expect(changed.status == 3)
    }

    @Test(
        "bad input is one clear message and a non-zero exit, nothing written",
        arguments: [
            (
                ["--content", "productId"], 64,
                "--content: expected KEY=VALUE, KEY*=TEXT or KEY~=REGEX, found \"productId\""
            ),
            (["--content", "=x"], 64, "--content: expected a key name before the operator"),
            (
                ["--content", "title~=(a"], 64,
                "--content: expected a portable regular expression that compiles after title~="
            ),
            (
                ["--content", "title~=a(?=b)"], 64,
                "--content: expected a portable regular expression that compiles after title~="
            ),
            (["--content", "title*="], 64, "--content: expected a text to look for after title*="),
            (["--from", "five"], 64, "--from: expected a version such as 5.3.0"),
            (["--from", "5.3", "--until", "5.0"], 64, "versions: expected until after from"),
            (["--key", "a/b"], 64, "--key: expected a name usable in a file name"),
            (["--name", " "], 64, "--name: expected the name a person reads, found nothing"),
            (["--event", "Clack"], 64, "unknown event \"Clack\""),
            (["--path", "A[x"], 64, "the path \"A[x\" is not valid"),
        ] as [([String], Int32, String)])
    func badInput(extra: [String], status: Int32, message: String) throws {
        let folder = try Self.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            [
                "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", "n", "--key", "k",
                "--event", "ButtonClick", "--path", Self.buttonPath,
            ] + extra, in: folder)
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(CLI.files(under: folder + "/cfg/shop-ios/events").isEmpty)
    }

    @Test("a broken definition file stops list with its file, JSON path, expected and found (exit 65)")
    func brokenFile() throws {
        let folder = try Self.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        try FileManager.default.createDirectory(
            atPath: folder + "/cfg/shop-ios/events", withIntermediateDirectories: true)
        _ = try CLI.write(
            #"{"id":"12345678","appKey":"shop-ios","name":"n","key":"k","viewEvent":"ButtonClick","viewPath":"A[0]","content":[{"key":"t","op":"is","value":"v"}]}"#,
            to: "cfg/shop-ios/events/k-12345678.json", in: folder)
        let outcome = try CLI.run(["event", "list", "--configs", "cfg"], in: folder)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains(
                "cfg/shop-ios/events/k-12345678.json: $.content[0].op: expected one of equals, oneOf, contains, regex, found \"is\""
            ),
            "\(outcome.stderr)")
    }
}
