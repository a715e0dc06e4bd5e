import Foundation
import Testing

/// `lasso import`, and every snapshot command reading Appium, uiautomator and recursiveDescription dumps directly.
@Suite("import and dumps, end to end")
struct ImportCommandTests {
    static func dump(_ name: String) -> String {
        LassoProcess.packageRoot.appendingPathComponent("Snapshots/dumps/\(name)").path
    }
    static func fixture(_ name: String) -> String {
        LassoProcess.packageRoot.appendingPathComponent("Tests/Fixtures/dumps/\(name)").path
    }

    static let iosFeed =
        "XCUIElementTypeApplication[0]/XCUIElementTypeWindow[0]/XCUIElementTypeOther[0]/XCUIElementTypeOther[0]/XCUIElementTypeOther[0]/XCUIElementTypeTable[0]"

    @Test("import writes a lasso.snapshot/1 to standard output and says once what the dump cannot tell")
    func importToStdout() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["import", Self.dump("appium-ios-home.xml")], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try CLI.object(outcome)
        #expect(document.string("format") == "lasso.snapshot/1")
        #expect((document["root"] as? [String: Any])?.string("class") == "XCUIElementTypeApplication")
        let notes = CLI.lines(outcome.stderr)
        #expect(notes.allSatisfy { $0.hasPrefix("lasso: note: appium-ios-home.xml: ") })
        #expect(notes.filter { $0.contains("no view controllers") }.count == 1)
    }

    @Test("a tab or an escape in a dump's file name is shown escaped in its notes and its errors, never as itself")
    func controlCharactersInFileNames() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let dump = try String(contentsOfFile: Self.fixture("dumpsys-top.txt"), encoding: .utf8)
        try dump.write(toFile: folder + "/a\tb.txt", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/c\u{1B}[2Jd.json", atomically: true, encoding: .utf8)
        let notes = try CLI.run(["stats", "a\tb.txt"], in: folder)
        #expect(notes.status == 0, "\(notes.stderr)")
        #expect(!notes.stderr.contains("\t") && notes.stderr.contains("lasso: note: a\\tb.txt: "), "\(notes.stderr)")
        let refused = try CLI.run(["stats", "c\u{1B}[2Jd.json"], in: folder)
        #expect(refused.status != 0)
        #expect(
            !refused.stderr.contains("\u{1B}") && refused.stderr.contains("c\\e[2Jd.json:1:1: expected"),
            "\(refused.stderr)")
    }

    @Test("import -o naming the dump itself, or a link to it, is refused and the dump kept byte for byte")
    func outputIsTheInput() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let dump = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("dumpsys-top.txt")))
        try dump.write(to: URL(fileURLWithPath: folder + "/top.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.txt", withDestinationPath: "top.txt")
        for output in ["top.txt", "./top.txt", "link.txt"] {
            let outcome = try CLI.run(["import", "top.txt", "-o", output], in: folder)
            #expect(outcome.status == 64, "\(output): \(outcome.stderr)")
            #expect(outcome.stderr.contains("is the dump itself"), "\(outcome.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/top.txt")) == dump)
        }
        let other = try CLI.run(["import", "top.txt", "-o", "top.json"], in: folder)
        #expect(other.status == 0, "\(other.stderr)")
    }

    @Test("import -o writes the file atomically and prints its path; the file gives the same paths as the dump")
    func importToFile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            [
                "import", Self.dump("uikit-home.txt"), "-o", "out/home.json", "--app-key", "shop-ios", "--app-version",
                "5.4.0",
            ],
            in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "out/home.json\n")
        #expect(CLI.files(under: folder + "/out") == ["home.json"])
        let fromFile = try CLI.run(["tree", "out/home.json"], in: folder)
        let fromDump = try CLI.run(["tree", Self.dump("uikit-home.txt")], in: folder)
        #expect(fromFile.status == 0 && fromDump.status == 0)
        #expect(fromFile.stdout == fromDump.stdout)
        #expect(fromFile.stderr.isEmpty, "a lasso snapshot has no import notes")
        let stats = try CLI.object(try CLI.run(["stats", "out/home.json", "--json"], in: folder))
        #expect(stats.string("appKey") == "shop-ios")
        #expect(stats.string("appVersion") == "5.4.0")
        #expect(stats.int("pages") == 3)
    }

    @Test("tree, path, inspect, match, stats and validate read the dumps directly")
    func commandsReadDumps() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let android = Self.dump("android-uiautomator-home.xml")
        let views = try CLI.objects(try CLI.run(["tree", android, "--json"], in: folder))
        #expect(views.first?.string("class") == "hierarchy")
        let found = try CLI.objects(try CLI.run(["path", android, "--find", "到货提醒", "--json"], in: folder))
        #expect(found.contains { $0.string("path")?.hasSuffix("LinearLayout[0:2]/LinearLayout[0]/Button[0]") == true })
        let inspect = try CLI.object(
            try CLI.run(
                ["inspect", Self.dump("appium-ios-home.xml"), "--find", "home.notifySwitch", "--json"], in: folder))
        #expect((inspect["events"] as? [String])?.contains("ValueChanged") == true)
        let match = try CLI.run(
            [
                "match", Self.dump("appium-ios-home.xml"), "--path",
                Self.iosFeed + "/XCUIElementTypeCell[0:*]/XCUIElementTypeButton[0]",
                "--condition", "title=加入购物车", "--event", "ButtonClick", "--json",
            ], in: folder)
        #expect(try CLI.objects(match).count == 3)
        let stats = try CLI.object(try CLI.run(["stats", Self.dump("android-appium-home.xml"), "--json"], in: folder))
        #expect(stats.int("nodes") == 43)
        // The configs folder must exist (a missing one is an error); an empty one holds no configs to break.
        try FileManager.default.createDirectory(atPath: folder + "/cfg", withIntermediateDirectories: true)
        let validate = try CLI.run(["validate", "--configs", "cfg", Self.dump("uikit-home.txt"), "--json"], in: folder)
        #expect(validate.status == 0, "\(validate.stderr)")
    }

    @Test("--format overrides recognition; --controllers adds a separate _printHierarchy file")
    func formatAndControllers() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let wrong = try CLI.run(["tree", Self.dump("appium-ios-home.xml"), "--format", "lasso"], in: folder)
        CLI.expectCleanError(wrong, status: 65, file: "appium-ios-home.xml", mentions: ["1:1"])
        let bogus = try CLI.run(["tree", Self.dump("appium-ios-home.xml"), "--format", "xml"], in: folder)
        #expect(bogus.status == 64)
        #expect(bogus.stderr.contains("lasso, appium, android, uikit-text"))
        let views = Self.fixture("uikit-views-only.txt")
        let without = try CLI.run(["path", views, "--find", "无线降噪耳机"], in: folder)
        #expect(without.stdout.contains("UIWindow[0]/"))
        let with = try CLI.run(
            ["path", views, "--find", "无线降噪耳机", "--controllers", Self.fixture("uikit-controllers.txt")], in: folder)
        #expect(with.status == 0, "\(with.stderr)")
        #expect(
            with.stdout.contains(
                "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:0]/UITableViewCellContentView[0]/UILabel[0]"
            ))
        let mixed = try CLI.run(
            ["tree", Self.dump("appium-ios-home.xml"), "--controllers", Self.fixture("uikit-controllers.txt")],
            in: folder)
        #expect(mixed.status == 64)
    }

    @Test(
        "broken dumps: exit 65 and one line with the file, the place, what was expected and what was found",
        arguments: [
            ("appium-truncated.xml", ["31:77", "cut short"]),
            ("appium-undefined-entity.xml", ["4:", "undefined entity"]),
            ("android-truncated.xml", ["1:", "cut short"]),
            ("android-bad-bounds.xml", ["<node> attribute bounds", "[42,278][1038]"]),
            ("uikit-truncated.txt", ["21:", "cut short"]),
            ("uikit-bad-frame.txt", ["2:1", "wide 667"]),
            ("uikit-invalid-utf8.txt", ["2:70", "0xE9"]),
            ("garbage.bin", ["1:1", "binary data"]),
        ])
    func brokenDumps(name: String, mentions: [String]) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let path = Self.fixture(name)
        for command in [["import", path], ["tree", path], ["stats", path]] {
            let outcome = try CLI.run(command, in: folder)
            CLI.expectCleanError(outcome, status: 65, file: name, mentions: mentions)
        }
    }

    @Test("quirky but valid dumps import: encodings, wrappers, several windows, the uiautomator message")
    func quirkyDumps() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        for name in [
            "appium-utf16-bom.xml", "appium-latin1.xml", "appium-wrapper-missing-attributes.xml",
            "android-dumped-to-tty.xml",
            "android-windows-and-gaps.xml", "uikit-indented-windows.txt",
        ] {
            let outcome = try CLI.run(["import", Self.fixture(name)], in: folder)
            #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
            #expect(try CLI.object(outcome).string("format") == "lasso.snapshot/1", "\(name)")
        }
    }

    @Test("a missing dump is 66; an unwritable -o is 73 and leaves no file; a bad --app-version is 64")
    func filesAndUsage() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try CLI.run(["import", "nope.xml"], in: folder).status == 66)
        try CLI.write("not a folder", to: "blocker", in: folder)
        let blocked = try CLI.run(["import", Self.dump("appium-ios-home.xml"), "-o", "blocker/out.json"], in: folder)
        #expect(blocked.status == 73)
        #expect(CLI.files(under: folder) == ["blocker"])
        #expect(
            try CLI.run(["import", Self.dump("appium-ios-home.xml"), "--app-version", "five"], in: folder).status == 64)
    }
}
