import Foundation
import Testing
import _LassoTestSupport

/// `lasso event catalogue` on the real binary: the Swift type-checks with swiftc and the Java compiles with javac,
/// byte for byte as its goldens; numbers stay across adding and removing definitions; and records an app sends
/// through the generated protocol are counted by `lasso event count` with the circled taps
/// (docs/event-catalogue.md).
@Suite("event catalogue")
struct EventCatalogueTests {
    static let cell = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[*:*]"
    static func button(_ row: Int) -> String {
        "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:\(row)]/UITableViewCellContentView[0]/UIButton[0]"
    }
    static let searchField =
        "HomeViewController[0]/UIView[0]/UISearchBar[0]/UIView[0]/_UISearchBarSearchContainerView[0]/UISearchBarTextField[0]"

    /// A definition file's text, written here as a person or another branch would write it.
    static func definition(
        id: String, key: String, number: Int, name: String, event: String, path: String, content: String = "[]",
        note: String? = nil
    ) -> String {
        var fields = [
            "\"id\": \"\(id)\"", "\"appKey\": \"shop-ios\"", "\"name\": \"\(name)\"", "\"key\": \"\(key)\"",
            "\"number\": \(number)", "\"versions\": []", "\"viewEvent\": \"\(event)\"", "\"viewPath\": \"\(path)\"",
            "\"content\": \(content)",
        ]
        if let note { fields.append("\"note\": \"\(note)\"") }
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    /// The shop with an event of every kind, every property type (productId a text, price a number, soldOut true or
    /// false on the sample's product cells), keys that are Swift and Java keywords, CJK, keys differing only in case,
    /// a key starting with a digit, and a note that would end a Java comment.
    static func shop() throws -> String {
        let folder = try CLI.folder()
        for (keyPath, keyName) in [
            ("model.productId", "productId"), ("model.price", "price"), ("model.soldOut", "soldOut"),
        ] {
            let added = try CLI.run(
                [
                    "config", "add", CLI.sample("shop-home.json"), "--node", "28", "--event", "ListItemClick",
                    "--key-path", keyPath, "--key-name", keyName, "--path", cell, "--configs", "cfg", "--from", "1.0",
                ], in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let events = folder + "/cfg/shop-ios/events"
        try FileManager.default.createDirectory(atPath: events, withIntermediateDirectories: true)
        let definitions: [(String, String, Int, String, String, String, String, String?)] = [
            (
                "home_view", "10000001-0000-4000-8000-000000000001", 1, "首页", "PageView",
                "HomeViewController[0]/UIView[0]", "[]", "the home page */ \\\\u0041 see"
            ),
            ("product_shown", "10000002-0000-4000-8000-000000000002", 2, "商品曝光", "Exposure", cell, "[]", nil),
            (
                "product_click", "10000003-0000-4000-8000-000000000003", 3, "商品点击", "ListItemClick", cell,
                #"[{"key": "productId", "op": "regex", "value": "^P"}]"#, "a product\\nin the feed"
            ),
            ("default", "10000004-0000-4000-8000-000000000004", 4, "默认", "ButtonClick", button(0), "[]", nil),
            ("Cart_Click", "10000005-0000-4000-8000-000000000005", 5, "加购 A", "ButtonClick", button(1), "[]", nil),
            ("cart_click", "10000006-0000-4000-8000-000000000006", 6, "加购 B", "ButtonClick", button(2), "[]", nil),
            ("加购", "10000007-0000-4000-8000-000000000007", 7, "加购", "ButtonClick", button(3), "[]", nil),
            (
                "search", "10000008-0000-4000-8000-000000000008", 8, "搜索", "SearchSubmit", searchField,
                #"[{"key": "text", "op": "contains", "value": "耳机"}]"#, nil
            ),
            ("3d_touch", "10000009-0000-4000-8000-000000000009", 9, "重按", "LongPress", button(0), "[]", nil),
            ("class", "10000010-0000-4000-8000-000000000010", 10, "类", "ButtonClick", button(4), "[]", nil),
        ]
        var ledger = "# numbers\n"
        for (key, id, number, name, event, path, content, note) in definitions {
            try definition(
                id: id, key: key, number: number, name: name, event: event, path: path, content: content, note: note
            ).write(toFile: events + "/\(key)-\(id.prefix(8)).json", atomically: true, encoding: .utf8)
            ledger += "\(number) \(id) \(key)\n"
        }
        try ledger.write(toFile: events + "/numbers.txt", atomically: true, encoding: .utf8)
        return folder
    }

    static func typecheck(_ files: [String], in folder: String) throws -> CLI.Outcome {
        try Self.program(["swiftc", "-typecheck"] + files, in: folder)
    }

    /// Runs a program found in `PATH` (swiftc, javac, java, the app built) in `folder`: its exit status and output.
    static func program(_ command: [String], in folder: String) throws -> CLI.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0].hasPrefix("/") ? command[0] : "/usr/bin/env")
        process.arguments = command[0].hasPrefix("/") ? Array(command.dropFirst()) : command
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let err = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return CLI.Outcome(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    @Test("the Swift of every kind, property type and awkward key type-checks, and is its golden byte for byte")
    func swiftCatalogue() throws {
        let folder = try Self.shop()
        defer { CLI.cleanUp(folder) }
        let written = try CLI.run(
            ["event", "catalogue", "--configs", "cfg", "--language", "swift", CLI.sample("shop-home.json")], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        try ExportGoldenTests.check(written.stdout, golden: "catalogue-shop.swift.txt")
        for line in [
            "case pageView(key: PageKey, properties: [PageKey.Property] = [])", "case homeView = 1",
            "case productClick = 3", "case price(Double)", "case productId(String)", "case soldOut(Bool)",
            "case default_4 = 4", "case cartClick = 5", "case cartClick_6 = 6", "case 加购 = 7", "case search = 8",
            "case _3dTouch = 9", "case class_10 = 10", "case .cartClick_6: \"cart_click\"",
            "static func send(key: String, number: Int32, properties: [String: EventValue])",
        ] {
            #expect(written.stdout.contains(line), "\(line)")
        }
        try written.stdout.write(toFile: folder + "/Events.swift", atomically: true, encoding: .utf8)
        let checked = try Self.typecheck(["Events.swift"], in: folder)
        #expect(checked.status == 0, "\(checked.stderr)")
        // The same folder, the same bytes.
        let again = try CLI.run(
            ["event", "catalogue", "--configs", "cfg", "--language", "swift", CLI.sample("shop-home.json")], in: folder)
        #expect(again.stdout == written.stdout)
    }

    @Test(
        "the Java compiles with javac, named after its file and in its package, and is its golden",
        .enabled(if: Tools.hasJavac, "needs javac"))
    func javaCatalogue() throws {
        let folder = try Self.shop()
        defer { CLI.cleanUp(folder) }
        let written = try CLI.run(
            [
                "event", "catalogue", "--configs", "cfg", "--language", "java", "--java-package", "com.shop.analytics",
                "-o", "src/com/shop/analytics/ShopEvents.java", CLI.sample("shop-home.json"),
            ], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: folder + "/src/com/shop/analytics/ShopEvents.java", encoding: .utf8)
        try ExportGoldenTests.check(text, golden: "catalogue-shop.java.txt")
        for line in [
            "public final class ShopEvents {", "HOME_VIEW(1, \"home_view\");", "CART_CLICK(5, \"Cart_Click\"),",
            "CART_CLICK_6(6, \"cart_click\"),", "加购(7, \"加购\"),", "_3D_TOUCH(9, \"3d_touch\"),",
            "CLASS(10, \"class\");",
            "public static Property price(double value) {", "public static Property soldOut(boolean value) {",
            "*&#47;", "\\u005cu0041",
        ] {
            #expect(text.contains(line), "missing: \(line)")
        }
        let compiled = try Self.program(
            ["javac", "-encoding", "UTF-8", "-d", "classes", "src/com/shop/analytics/ShopEvents.java"], in: folder)
        #expect(compiled.status == 0, "\(compiled.stderr)")
    }

    @Test("-o names the Java class: a file name no public class can have is refused before anything is written")
    func javaClassNames() throws {
        let folder = try Self.shop()
        defer { CLI.cleanUp(folder) }
        for name in ["class.java", "String.java", "my-events.java", "123.java", "Event.java", "Événements.java"] {
            let refused = try CLI.run(
                ["event", "catalogue", "--configs", "cfg", "--language", "java", "-o", name], in: folder)
            #expect(refused.status == 64 && refused.stderr.contains("cannot name the catalogue's class"), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/" + name))
        }
    }

    @Test("an app without definitions: a catalogue of four empty kinds that compiles in both languages")
    func emptyApp() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let swift = try CLI.run(
            [
                "event", "catalogue", "--configs", "cfg", "--app-key", "shop-ios", "--language", "swift", "-o",
                "E.swift",
            ],
            in: folder)
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(try Self.typecheck(["E.swift"], in: folder).status == 0)
        if Tools.hasJavac {
            let java = try CLI.run(
                [
                    "event", "catalogue", "--configs", "cfg", "--app-key", "shop-ios", "--language", "java", "-o",
                    "Events.java",
                ],
                in: folder)
            #expect(java.status == 0, "\(java.stderr)")
            let compiled = try Self.program(["javac", "-d", "classes", "Events.java"], in: folder)
            #expect(compiled.status == 0, "\(compiled.stderr)")
        }
        // Without --app-key, an empty folder says what to do.
        let refused = try CLI.run(["event", "catalogue", "--configs", "cfg", "--language", "swift"], in: folder)
        #expect(refused.status == 64 && refused.stderr.contains("has no event definitions"), "\(refused.stderr)")
    }

    @Test("numbers stay: adding one definition and removing another leaves every other case's number as it was")
    func stableNumbers() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        var ids: [String: String] = [:]
        for (key, row) in [("cart_a", 0), ("cart_b", 1), ("cart_c", 2)] {
            ids[key] = try EventNumberTests.added(folder, key: key, row: row).string("id")
        }
        let first = try CLI.run(["event", "catalogue", "--configs", "cfg", "--json"], in: folder)
        let before = try CLI.object(first)["events"] as? [[String: Any]] ?? []
        #expect(
            before.map { "\($0.string("key") ?? "")=\($0.int("number") ?? 0)" } == ["cart_a=1", "cart_b=2", "cart_c=3"])
        _ = try CLI.run(["event", "rm", "--configs", "cfg", try #require(ids["cart_b"])], in: folder)
        _ = try EventNumberTests.added(folder, key: "cart_d", row: 3)
        let after =
            try CLI.object(try CLI.run(["event", "catalogue", "--configs", "cfg", "--json"], in: folder))["events"]
            as? [[String: Any]] ?? []
        #expect(
            after.map { "\($0.string("key") ?? "")=\($0.int("number") ?? 0)" } == ["cart_a=1", "cart_c=3", "cart_d=4"])
        // A definition made before numbers is refused with the way out, until lint --fix numbers it.
        let file = try EventNumberTests.file(of: "cart_a", in: folder)
        try EventNumberTests.setNumber(nil, in: file)
        try FileManager.default.removeItem(atPath: folder + EventNumberTests.events + "/numbers.txt")
        let refused = try CLI.run(["event", "catalogue", "--configs", "cfg", "--language", "swift"], in: folder)
        #expect(refused.status == 65 && refused.stderr.contains("lasso lint --fix gives them one"), "\(refused.stderr)")
        #expect(try CLI.run(["lint", "--configs", "cfg", "--fix"], in: folder).status == 0)
        #expect(try EventNumberTests.numberLine(file) == 5)
    }

    /// The app a developer writes (docs/event-catalogue.md, "Wiring it"): `send` writes each event as a lasso
    /// record line, its number in `event_number`; the program tracks two coded events.
    static let swiftApp = #"""
        import Foundation

        struct Tracker: EventsProtocol {
            static func send(key: String, number: Int32, properties: [String: EventValue]) {
                var reported: [String: Any] = ["event_number": Int(number)]
                for (name, value) in properties {
                    switch value {
                    case .string(let text): reported[name] = text
                    case .number(let number): reported[name] = number
                    case .boolean(let flag): reported[name] = flag
                    }
                }
                let record: [String: Any] = [
                    "event": key, "appKey": "shop-ios", "appVersion": "5.3.0", "properties": reported,
                    "time": "2026-11-20T08:00:00Z", "deviceId": "d1",
                ]
                let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            }
        }

        Tracker.trackEvent(.clickPosition(key: .productClick, properties: [.productId("P1003"), .price(129), .soldOut(false)]))
        Tracker().track(.pageView(key: .homeView))
        Tracker().track(.clickPosition(key: .other))
        """#

    @Test("records a Swift app sends through the catalogue are counted with the circled taps by lasso event count")
    func swiftRecordsCounted() throws {
        let folder = try Self.shop()
        defer { CLI.cleanUp(folder) }
        let written = try CLI.run(
            [
                "event", "catalogue", "--configs", "cfg", "--language", "swift", "-o", "app/Events.swift",
                CLI.sample("shop-home.json"),
            ],
            in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        try Self.swiftApp.write(toFile: folder + "/app/main.swift", atomically: true, encoding: .utf8)
        let built = try Self.program(["swiftc", "-o", "app/tracker", "app/Events.swift", "app/main.swift"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        let ran = try Self.program([folder + "/app/tracker"], in: folder)
        #expect(ran.status == 0)
        // A circled tap on a product cell, as the SDK reports it (docs/event-records.md, "The record").
        let tap =
            #"{"event": "ListItemClick", "appKey": "shop-ios", "appVersion": "5.3.0", "viewPath": "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:2]", "viewId": "x", "properties": {"productId": "P1003"}, "time": "2026-11-20T08:00:00Z", "deviceId": "d2"}"#
        try (ran.stdout + tap + "\n").write(toFile: folder + "/log.jsonl", atomically: true, encoding: .utf8)
        let counted = try CLI.object(
            try CLI.run(["event", "count", "--configs", "cfg", "log.jsonl", "--json"], in: folder))
        let counts = Dictionary(
            uniqueKeysWithValues: (counted["definitions"] as? [[String: Any]] ?? []).map {
                ($0.string("key") ?? "", $0.int("count") ?? -1)
            })
        #expect(counts["product_click"] == 2, "\(counts) \(ran.stdout)")
        #expect(counts["home_view"] == 1)
        #expect(counts["cart_click"] == 0)
        #expect(counted.int("records") == 4)
        // --by reads the coded record's properties like the tap's.
        let byPrice = try CLI.run(
            ["event", "count", "--configs", "cfg", "--key", "product_click", "--by", "price", "log.jsonl"], in: folder)
        #expect(byPrice.stdout.contains("129"), "\(byPrice.stdout)")
    }

    @Test(
        "records a Java app sends through the catalogue's Tracker are counted too",
        .enabled(if: Tools.hasJavac, "needs javac"))
    func javaRecordsCounted() throws {
        let folder = try Self.shop()
        defer { CLI.cleanUp(folder) }
        let written = try CLI.run(
            ["event", "catalogue", "--configs", "cfg", "--language", "java", "-o", "app/Events.java"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let app = #"""
            import java.util.Map;

            public class App implements Events.Tracker {
                public void send(String key, int number, Map<String, Object> properties) {
                    StringBuilder props = new StringBuilder("\"event_number\": " + number);
                    for (Map.Entry<String, Object> entry : properties.entrySet()) {
                        Object value = entry.getValue();
                        props.append(", \"").append(entry.getKey()).append("\": ");
                        props.append(value instanceof String ? "\"" + value + "\"" : String.valueOf(value));
                    }
                    System.out.println("{\"event\": \"" + key + "\", \"appKey\": \"shop-ios\", \"appVersion\": \"5.3.0\", \"properties\": {" + props + "}}");
                }

                public static void main(String[] arguments) {
                    App app = new App();
                    app.track(Events.clickPosition(Events.ClickPositionKey.CART_CLICK_6));
                    app.track(Events.viewElement(Events.ViewElementKey.PRODUCT_SHOWN));
                }
            }
            """#
        try app.write(toFile: folder + "/app/App.java", atomically: true, encoding: .utf8)
        let compiled = try Self.program(
            ["javac", "-encoding", "UTF-8", "-d", "classes", "app/Events.java", "app/App.java"], in: folder)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let ran = try Self.program(["java", "-cp", "classes", "App"], in: folder)
        #expect(ran.status == 0, "\(ran.stderr)")
        try ran.stdout.write(toFile: folder + "/log.jsonl", atomically: true, encoding: .utf8)
        let counted = try CLI.object(
            try CLI.run(["event", "count", "--configs", "cfg", "log.jsonl", "--json"], in: folder))
        let counts = Dictionary(
            uniqueKeysWithValues: (counted["definitions"] as? [[String: Any]] ?? []).map {
                ($0.string("key") ?? "", $0.int("count") ?? -1)
            })
        #expect(counts["cart_click"] == 1 && counts["product_shown"] == 1 && counts["Cart_Click"] == 0, "\(counts)")
    }

    @Test("check --catalogue: a key renamed in code and a number moved are broken (exit 1), a missing event a warning")
    func checkCatalogue() throws {
        let folder = try Self.shop()
        defer { CLI.cleanUp(folder) }
        _ = try CLI.run(
            ["event", "catalogue", "--configs", "cfg", "--language", "swift", "-o", "Events.swift"], in: folder)
        let clean = try CLI.run(
            ["check", "--configs", "cfg", "--catalogue", "Events.swift", CLI.sample("shop-home.json"), "--json"],
            in: folder)
        let cleanReport = try CLI.object(clean)["catalogue"] as? [String: Any]
        #expect(cleanReport?.int("broken") == 0, "\(clean.stdout)")
        var text = try String(contentsOfFile: folder + "/Events.swift", encoding: .utf8)
        text = text.replacingOccurrences(of: #"case .homeView: "home_view""#, with: #"case .homeView: "home_page""#)
        text = text.replacingOccurrences(of: "case search = 8", with: "case search = 18")
        text = text.replacingOccurrences(of: "case _3dTouch = 9\n", with: "")
        try text.write(toFile: folder + "/Events.swift", atomically: true, encoding: .utf8)
        let checked = try CLI.run(
            ["check", "--configs", "cfg", "--catalogue", "Events.swift", CLI.sample("shop-home.json")], in: folder)
        #expect(checked.status == 1, "\(checked.stdout)")
        #expect(
            checked.stdout.contains("renamed    1 home_view: the code sends number 1 as \"home_page\""),
            "\(checked.stdout)")
        #expect(checked.stdout.contains("renumbered 8 search: the code sends \"search\" with number 18"))
        #expect(checked.stdout.contains("missing    9 3d_touch: not in the catalogue"))
        let findings = try LassoProcess.run(
            [
                "check", "--configs", "cfg", "--catalogue", "Events.swift", CLI.sample("shop-home.json"), "--reporter",
                "github",
            ],
            in: folder)
        #expect(
            findings.stdout.contains("::error file=Events.swift,line=1,title=lasso catalogue-renamed::"),
            "\(findings.stdout)")
        // Another app's catalogue is refused, not read as this app's.
        let other = try CLI.run(
            [
                "event", "catalogue", "--configs", "cfg", "--app-key", "other-app", "--language", "swift", "-o",
                "Other.swift",
            ],
            in: folder)
        #expect(other.status == 0 && other.stderr.contains("other-app has no event definitions"), "\(other.stderr)")
        let wrongApp = try CLI.run(
            ["check", "--configs", "cfg", "--catalogue", "Other.swift", CLI.sample("shop-home.json")], in: folder)
        #expect(
            wrongApp.status == 65
                && wrongApp.stderr.contains("expected the event catalogue of shop-ios, found the one of other-app"),
            "\(wrongApp.stderr)")
        let notOurs = try CLI.run(
            ["check", "--configs", "cfg", "--catalogue", CLI.sample("shop-home.json"), CLI.sample("shop-home.json")],
            in: folder)
        #expect(notOurs.status == 65 && notOurs.stderr.contains("expected a catalogue lasso event catalogue wrote"))
    }
}
