import Foundation
import Testing
import _LassoTestSupport

/// `lasso event add --profile … --screen` and `lasso event count --records sensors|growingio`: a named event written
/// in an SDK's dialect, counted over that SDK's own records (plain and gzip), the others left out and said.
@Suite("Named events counted over Sensors and GrowingIO records")
struct ForeignRecordsCommandTests {
    static let sensorsPath = "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0]"
    static let gioPath =
        "/ShopApp.MainTabBarController/ShopKit.ShopNavigationController/ShopApp.HomeViewController/UIView/UITableView/Section/ShopKit.ProductCell/UITableViewCellContentView/UIButton /0/0/0/0/0/0/-/0/0"

    /// A folder with the cart button named three times: in lasso's paths, for Sensors on the home page only, and for
    /// GrowingIO; and the same six clicks written as each SDK's records (the GrowingIO ones gzipped).
    static func setUp() throws -> String {
        let folder = try CLI.folder()
        try CLI.write(#"{"appKey": "shop-ios"}"#, to: "lasso.json", in: folder)
        for arguments in [
            [
                "--path",
                "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]",
                "--key", "cart",
            ],
            [
                "--profile", "sensors", "--path", sensorsPath, "--screen", "ShopApp.HomeViewController", "--key",
                "cart_sa",
            ],
            ["--profile", "growingio", "--path", gioPath, "--key", "cart_gio"],
        ] {
            let added = try CLI.run(
                ["event", "add", "--name", "加购", "--event", "ButtonClick", "--from", "5.0.0"] + arguments, in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        // row, version, page: the clicks on the cart button; one more on a label.
        let clicks: [(Int, String, String)] = [
            (0, "5.3.0", "ShopApp.HomeViewController"), (3, "5.3.0", "ShopApp.HomeViewController"),
            (1, "4.9.0", "ShopApp.HomeViewController"), (2, "5.4.0", "ShopApp.CartViewController"),
            (5, "5.0.0", "ShopApp.HomeViewController"),
        ]
        var sensors: [String] = []
        var gio: [String] = []
        for (position, (row, version, screen)) in clicks.enumerated() {
            let time = 1_764_000_000_000 + position * 1000
            // As sa-sdk-ios v4.9.1 sends a click (SAVisualizedManager.m L302-323): the similar path, the row as [-],
            // and the row in $element_position.
            sensors.append(
                #"{"event": "$AppClick", "time": \#(time), "properties": {"$element_path": "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0]", "$element_position": "0:\#(row)", "$screen_name": "\#(screen)", "$app_version": "\#(version)", "$element_content": "加入购物车"}}"#
            )
            gio.append(
                #"{"eventType": "VIEW_CLICK", "xpath": "\#(gioPath.split(separator: " ")[0])", "xcontent": "/0/0/0/0/0/0/-/0/0", "index": \#(row + 1), "appVersion": "\#(version)", "timestamp": \#(time), "path": ""}"#
            )
        }
        sensors.append(
            #"{"event": "$AppClick", "time": 1764000009000, "properties": {"$element_path": "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UILabel[0]", "$element_position": "0:0", "$screen_name": "ShopApp.HomeViewController", "$app_version": "5.3.0"}}"#
        )
        sensors.append("{broken")
        try CLI.write(sensors.joined(separator: "\n") + "\n", to: "sa.jsonl", in: folder)
        try CLI.write(gio.joined(separator: "\n") + "\n", to: "gio.jsonl", in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-f", folder + "/gio.jsonl"]
        try process.run()
        process.waitUntilExit()
        return folder
    }

    @Test("each SDK's records counted by the definitions in its profile; the page narrows Sensors' to the home page")
    func counted() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let sensors = try CLI.run(["event", "count", "--records", "sensors", "sa.jsonl", "--json"], in: folder)
        #expect(sensors.status == 0, "\(sensors.stderr)")
        #expect(sensors.stderr.contains("note: 2 definitions written for other records left out"), "\(sensors.stderr)")
        let counted = try CLI.object(sensors)
        let definitions = try #require(counted["definitions"] as? [[String: Any]])
        #expect(definitions.map { $0["key"] as? String } == ["cart_sa"])
        // From 5.0.0, on the home page: rows 0, 3 and 5 (4.9.0 and the cart page are not, nor the label).
        #expect(definitions.first?["count"] as? Int == 3)
        #expect(counted["records"] as? Int == 6)
        #expect(counted["malformed"] as? Int == 1)
        let gio = try CLI.run(["event", "count", "--records", "growingio", "gio.jsonl.gz"], in: folder)
        #expect(gio.status == 0, "\(gio.stderr)")
        #expect(gio.stdout.contains("cart_gio  4  加购"), "\(gio.stdout)")
        // The Sensors definition in plain words says whose records it counts, and on which page.
        let shown = try CLI.run(
            ["event", "show", "--configs", "kvc-configs", Self.id("cart_sa", in: folder)], in: folder)
        #expect(shown.stdout.contains("counted over sensors records, on the page ShopApp.HomeViewController"))
    }

    @Test(
        "a Sensors definition for one row (the row written in the path) counts that row's clicks by $element_position, and its regex says so"
    )
    func oneRow() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let added = try CLI.run(
            [
                "event", "add", "--name", "第4行加购", "--event", "ButtonClick", "--profile", "sensors", "--key", "row_3",
                "--path", Self.sensorsPath.replacingOccurrences(of: "[0][-]", with: "[0][3]"),
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let counted = try CLI.object(
            try CLI.run(["event", "count", "--records", "sensors", "--key", "row_3", "sa.jsonl", "--json"], in: folder))
        // Row 3 was clicked once (5.3.0, home): the records carry [-] and "$element_position": "0:3".
        let definitions = try #require(counted["definitions"] as? [[String: Any]])
        #expect(definitions.first?["count"] as? Int == 1, "\(counted)")
        let regex = try CLI.run(
            ["event", "export", "--format", "regex", "--records", "sensors", "--key", "row_3", "--json"], in: folder)
        let exported = try #require(try CLI.objects(regex).first)
        #expect(exported["elementPosition"] as? String == "0:3")
        #expect((exported["regex"] as? String)?.contains(#"ProductCell\[0\]\[-\]"#) == true, "\(exported)")
    }

    @Test("a Sensors record nested 300 deep is one malformed line, never a crash; the others still count")
    func deepLine() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let lines = try String(contentsOfFile: folder + "/sa.jsonl", encoding: .utf8)
        let deep = #"{"event":"$AppClick","time":1,"properties":{"x":"# + String(repeating: "[", count: 300) + "\n"
        try (deep + lines + String(repeating: "[", count: 260) + "\n").write(
            toFile: folder + "/deep.jsonl", atomically: true, encoding: .utf8)
        let counted = try CLI.run(["event", "count", "--records", "sensors", "deep.jsonl", "--json"], in: folder)
        #expect(counted.status == 0, "\(counted.status) \(counted.stderr)")
        let object = try CLI.object(counted)
        #expect(object["malformed"] as? Int == 3, "\(object)")
        #expect(((object["definitions"] as? [[String: Any]])?.first?["count"] as? Int) == 3)
        let reasons = (object["malformedLines"] as? [[String: Any]])?.compactMap { $0["reason"] as? String } ?? []
        #expect(reasons.contains { $0.contains("at most 64 levels of nested arrays and objects") }, "\(reasons)")
    }

    @Test(
        "event add refuses a Sensors path the SDK never sends, in words; an Android row written as a number is noted",
        arguments: [
            ("UIView/UITableView[0]/Outer[0][-]/UICollectionView[0]/Inner[0][5]/UIButton[0]", "innermost list only"),
            ("UIView/UITableView[0]/ShopKit.ProductCell[-][-]/UIButton[0]", "only for a cell's row"),
            ("UIView/UIButton[-]", "only for a cell's row"), ("UIView/UIButton[-1]", "no [-1]"),
            ("UIView\n/UIButton[0]", "control character"),
        ])
    func neverSent(path: String, words: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(#"{"appKey": "shop-ios"}"#, to: "lasso.json", in: folder)
        let added = try CLI.run(
            [
                "event", "add", "--profile", "sensors", "--name", "n", "--key", "k", "--event", "ButtonClick", "--path",
                path,
            ], in: folder)
        #expect(added.status == 64, "\(added.stderr)")
        #expect(added.stderr.contains(words), "\(added.stderr)")
        #expect(added.stderr.contains("counts nothing"), "\(added.stderr)")
    }

    @Test("sensors-android: a number where a list item stands is saved with a note on how to count one row")
    func androidRowNoted() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(#"{"appKey": "chat"}"#, to: "lasso.json", in: folder)
        let added = try CLI.run(
            [
                "event", "add", "--profile", "sensors-android", "--name", "n", "--key", "k", "--event", "ButtonClick",
                "--path",
                "android.widget.FrameLayout[0]/androidx.recyclerview.widget.RecyclerView[0]/android.widget.LinearLayout[1]/android.widget.Button[0]",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("--content '$element_position=N'"), "\(added.stderr)")
    }

    static func id(_ key: String, in folder: String) throws -> String {
        let listed = try CLI.objects(try CLI.run(["event", "list", "--json"], in: folder))
        return listed.first { $0["key"] as? String == key }?["id"] as? String ?? "none"
    }

    @Test(
        "a page view in an SDK's profile is named by its page alone: added without --path, counted over $AppViewScreen, exported with the page as the condition"
    )
    func pageViews() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let added = try CLI.run(
            [
                "event", "add", "--name", "首页浏览", "--key", "home_sa", "--event", "PageView", "--profile", "sensors",
                "--screen", "ShopApp.HomeViewController", "--from", "5.0.0", "--json",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let file = try #require(try CLI.object(added)["file"] as? String)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            text.contains(#""viewPath": """#) && text.contains(#""screen": "ShopApp.HomeViewController""#), "\(text)")
        let every = try CLI.run(
            ["event", "add", "--name", "浏览", "--key", "shown_sa", "--event", "PageView", "--profile", "sensors"],
            in: folder)
        #expect(every.status == 0, "\(every.stderr)")
        let shown = try CLI.run(["event", "show", try Self.id("home_sa", in: folder)], in: folder)
        #expect(shown.stdout.contains("on the page ShopApp.HomeViewController"), "\(shown.stdout)")
        // Page views among the clicks: three on the home page (one before 5.0.0), one on the cart page.
        var lines = try String(contentsOfFile: folder + "/sa.jsonl", encoding: .utf8)
        for (version, screen) in [
            ("5.3.0", "ShopApp.HomeViewController"), ("4.9.0", "ShopApp.HomeViewController"),
            ("5.4.0", "ShopApp.CartViewController"), ("5.0.0", "ShopApp.HomeViewController"),
        ] {
            lines +=
                #"{"event": "$AppViewScreen", "time": 1764000020000, "properties": {"$screen_name": "\#(screen)", "$title": "首页", "$app_version": "\#(version)"}}"#
                + "\n"
        }
        try CLI.write(lines, to: "sa.jsonl", in: folder)
        let counted = try CLI.run(["event", "count", "--records", "sensors", "sa.jsonl", "--json"], in: folder)
        #expect(counted.status == 0, "\(counted.stderr)")
        let definitions = try #require(try CLI.object(counted)["definitions"] as? [[String: Any]])
        var counts: [String: Int] = [:]
        for definition in definitions { counts[definition["key"] as? String ?? ""] = definition["count"] as? Int }
        #expect(counts == ["cart_sa": 3, "home_sa": 2, "shown_sa": 4], "\(definitions)")
        // On a warehouse the page is the condition; a path regex cannot say a page, so it is left out and said.
        let query = try CLI.run(["event", "export", "--records", "sensors", "--format", "postgres"], in: folder)
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.contains("'$AppViewScreen'") && query.stdout.contains("'ShopApp.HomeViewController'"))
        let regex = try CLI.run(["event", "export", "--records", "sensors", "--format", "regex"], in: folder)
        #expect(regex.status == 0, "\(regex.stderr)")
        #expect(regex.stdout.contains("cart_sa") && !regex.stdout.contains("home_sa"), "\(regex.stdout)")
        #expect(
            regex.stderr.contains("left out: home_sa, shown_sa (a page view has no path to match"), "\(regex.stderr)")
        // A path on a page view is refused with the reason; an edit to a click asks for the element's path.
        let withPath = try CLI.run(
            [
                "event", "add", "--name", "x", "--key", "x", "--event", "PageView", "--profile", "growingio", "--path",
                "/A/B",
            ], in: folder)
        #expect(withPath.status == 64)
        #expect(
            withPath.stderr.contains("growingio SDKs send a page view (PAGE) without an element path"),
            "\(withPath.stderr)")
        let toClick = try CLI.run(
            ["event", "edit", try Self.id("home_sa", in: folder), "--event", "ButtonClick"], in: folder)
        #expect(toClick.status == 64)
        #expect(toClick.stderr.contains("is on an element: give its path"), "\(toClick.stderr)")
        // On a screen the page is checked: the home page's is there, the cart page's is not, and the pages the SDK
        // names there are said.
        let cartPage = try CLI.run(
            [
                "event", "add", "--name", "购物车浏览", "--key", "cart_page_sa", "--event", "PageView", "--profile",
                "sensors", "--screen", "ShopApp.CartViewController",
            ], in: folder)
        #expect(cartPage.status == 0, "\(cartPage.stderr)")
        let validated = try CLI.run(["validate", CLI.sample("shop-home.json")], in: folder)
        #expect(validated.status == 1)
        let report = validated.stdout.split(separator: "\n")
        #expect(report.contains { $0.contains("ok") && $0.contains("home_sa") }, "\(validated.stdout)")
        #expect(
            report.contains {
                $0.contains("no-match") && $0.contains("cart_page_sa")
                    && $0.contains(
                        "no page here is ShopApp.CartViewController; the SDK names the pages here ShopApp.HomeViewController"
                    )
            }, "\(validated.stdout)")
        // One page counted twice is refused: Sensors' Android definitions count the same records.
        let twice = try CLI.run(
            [
                "event", "add", "--name", "x", "--key", "home_android", "--event", "PageView", "--profile",
                "sensors-android", "--screen", "ShopApp.HomeViewController", "--from", "5.0.0",
            ], in: folder)
        #expect(twice.status == 3, "\(twice.stderr)")
        #expect(twice.stderr.contains("already counted as \"home_sa\""), "\(twice.stderr)")
        // A blank page or one with control characters is refused, said escaped.
        for page in ["", " ", "Home\u{1B}[31m"] {
            let bad = try CLI.run(
                [
                    "event", "add", "--name", "x", "--key", "x", "--event", "PageView", "--profile", "sensors",
                    "--screen", page,
                ],
                in: folder)
            #expect(bad.status == 64, "\(page): \(bad.stderr)")
            #expect(bad.stderr.contains("--screen: expected the page's name"), "\(bad.stderr)")
            #expect(!bad.stderr.contains("\u{1B}"))
        }
        let controlContent = try CLI.run(
            [
                "event", "add", "--name", "x", "--key", "x", "--event", "PageView", "--profile", "sensors",
                "--content", "$title=首页\u{1}", "--force",
            ], in: folder)
        #expect(controlContent.status == 64, "\(controlContent.stderr)")
        #expect(controlContent.stderr.contains("without control characters"), "\(controlContent.stderr)")
        // Content keys of another SDK's records are that SDK's properties: no config is asked for, no orphan linted.
        let titled = try CLI.run(
            [
                "event", "add", "--name", "标题", "--key", "titled_sa", "--event", "PageView", "--profile", "sensors",
                "--screen", "ShopApp.MeViewController", "--content", "$title=我的",
            ], in: folder)
        #expect(titled.status == 0, "\(titled.stderr)")
        let linted = try CLI.run(["lint", "--json"], in: folder)
        #expect(!linted.stdout.contains("orphan"), "\(linted.stdout)")
        // event edit moves a page view to another page, or to every page; a click made a page view is said to lose
        // its path.
        let moved = try CLI.run(
            ["event", "edit", try Self.id("cart_page_sa", in: folder), "--screen", "ShopApp.SearchViewController"],
            in: folder)
        #expect(moved.status == 0, "\(moved.stderr)")
        let movedShown = try CLI.run(["event", "show", try Self.id("cart_page_sa", in: folder)], in: folder)
        #expect(movedShown.stdout.contains("PageView of the page ShopApp.SearchViewController"), "\(movedShown.stdout)")
        let anyPage = try CLI.run(
            ["event", "edit", try Self.id("cart_page_sa", in: folder), "--any-screen"], in: folder)
        #expect(anyPage.status == 3, "the same as shown_sa: \(anyPage.stderr)")
        let clickToPage = try CLI.run(
            [
                "event", "edit", try Self.id("cart_sa", in: folder), "--event", "PageView", "--clear-content",
                "--screen", "ShopApp.OrderViewController",
            ], in: folder)
        #expect(clickToPage.status == 0, "\(clickToPage.stderr)")
        #expect(
            clickToPage.stderr.contains(
                "note: sensors SDKs send a page view without an element path: the path \(Self.sensorsPath) goes; it counts the page views of the page ShopApp.OrderViewController"
            ), "\(clickToPage.stderr)")
        // A page-view file with a path is one clear error at its place.
        try text.replacingOccurrences(of: #""viewPath": """#, with: #""viewPath": "UIView[0]""#).write(
            toFile: file, atomically: true, encoding: .utf8)
        let listed = try CLI.run(["event", "list"], in: folder)
        #expect(listed.status != 0)
        #expect(listed.stderr.contains("viewPath"), "\(listed.stderr)")
        #expect(listed.stderr.contains("a page view of sensors records carries no element path"), "\(listed.stderr)")
    }

    @Test(
        "every definition in an SDK's profile, page views included, is valid against docs/event-definition.schema.json; a page view with a path is not",
        .enabled(if: Tools.hasReportReaders, "needs python3 with jsonschema"))
    func schema() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        for (profile, screen) in [("sensors", "ShopApp.HomeViewController"), ("growingio", "/home"), ("posthog", "")] {
            let added = try CLI.run(
                [
                    "event", "add", "--name", "浏览", "--key", "shown_" + profile, "--event", "PageView", "--profile",
                    profile,
                ] + (screen.isEmpty ? [] : ["--screen", screen]), in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/event-definition.schema.json").path
        let script = """
            import json, glob, jsonschema
            schema = json.load(open('\(schema)'))
            files = sorted(glob.glob('kvc-configs/shop-ios/events/*.json'))
            for name in files:
                jsonschema.validate(json.load(open(name)), schema)
            page = [json.load(open(f)) for f in files if json.load(open(f))['viewEvent'] == 'PageView'][0]
            for path in ['UIView', None]:
                bad = dict(page)
                if path is None: del bad['viewPath']
                else: bad['viewPath'] = path
                try:
                    jsonschema.validate(bad, schema)
                    print('accepted a page view with', path)
                except jsonschema.ValidationError:
                    pass
            click = [json.load(open(f)) for f in files if json.load(open(f))['viewEvent'] == 'ButtonClick'][0]
            click['viewPath'] = ''
            try:
                jsonschema.validate(click, schema)
                print('accepted a click without a path')
            except jsonschema.ValidationError:
                pass
            print(len(files))
            """
        let answer = try LintCommandTests.python(script, in: folder)
        #expect(answer.trimmingCharacters(in: .whitespacesAndNewlines) == "6", "\(answer)")
    }

    @Test(
        "wrong words are one usage error each: an unknown format, a page without a profile that reports one, an event the SDK does not send"
    )
    func refused() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let cases: [([String], Int32, String)] = [
            (
                ["event", "count", "--records", "posthug", "sa.jsonl"], 64,
                "--records: expected one of lasso, sensors, growingio, posthog, found \"posthug\""
            ),
            (
                [
                    "event", "add", "--name", "x", "--key", "x", "--event", "ButtonClick", "--path",
                    "Home[0]/UIButton[0]", "--screen", "Home",
                ], 64, "--screen: lasso records report no page beside the path"
            ),
            (
                [
                    "event", "add", "--name", "x", "--key", "x", "--event", "LongPress", "--profile", "sensors",
                    "--path", Self.sensorsPath,
                ], 64, "--event: sensors SDKs send no record for LongPress"
            ),
            (
                [
                    "event", "add", "--name", "x", "--key", "x", "--event", "ButtonClick", "--profile", "mixpanel",
                    "--path", "/A/B",
                ], 64, "--profile: expected lasso, sensors, sensors-android, growingio or posthog"
            ),
            (
                [
                    "event", "add", "--name", "x", "--key", "x", "--event", "ButtonClick", "--profile", "sensors",
                    "--path", "UIView/[x",
                ], 64, "UIView/[x"
            ),
        ]
        for (arguments, status, words) in cases {
            let outcome = try CLI.run(arguments, in: folder)
            #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(words), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(arguments)")
        }
        // lasso's own SQL leaves the other SDKs' definitions out, and says so.
        let exported = try CLI.run(["event", "export", "--format", "postgres"], in: folder)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("note: 2 definitions written for other records left out"))
        #expect(!exported.stdout.contains("cart_sa"))
    }

    @Test(
        "event convert writes lasso's records for the warehouse; event export --records writes that SDK's definitions' query"
    )
    func converted() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let converted = try CLI.run(
            ["event", "convert", "--records", "sensors", "sa.jsonl", "-o", "sa-lasso.jsonl"], in: folder)
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stderr.contains("sa.jsonl:7: expected"), "\(converted.stderr)")
        #expect(converted.stderr.contains("wrote sa-lasso.jsonl: 6 records of shop-ios; 1 malformed line left out"))
        let lines = try String(contentsOfFile: folder + "/sa-lasso.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["event"] as? String == "$AppClick")
        #expect(first["appKey"] as? String == "shop-ios")
        #expect(first["appVersion"] as? String == "5.3.0")
        #expect(first["time"] as? String == "2025-11-24T16:00:00.000Z")
        #expect((first["viewPath"] as? String)?.hasPrefix("UIView/UITableView[0]/ShopKit.ProductCell[0][-]/") == true)
        #expect((first["properties"] as? [String: Any])?["$element_position"] as? String == "0:0")
        #expect((first["properties"] as? [String: Any])?["title"] as? String == "加入购物车")
        let query = try CLI.run(["event", "export", "--records", "sensors", "--format", "duckdb"], in: folder)
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.contains("AS \"cart_sa\"") && !query.stdout.contains("\"cart\""), "\(query.stdout)")
        #expect(query.stdout.contains("event = '$AppClick'"))
        for (arguments, words) in [
            (
                ["event", "convert", "--records", "lasso", "sa.jsonl"],
                "--records: expected sensors, growingio or posthog"
            ),
            (
                ["event", "export", "--records", "mixpanel", "--format", "duckdb"],
                "--records: expected one of lasso, sensors, growingio, posthog"
            ),
        ] {
            let refused = try CLI.run(arguments, in: folder)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains(words), "\(arguments): \(refused.stderr)")
        }
    }

    /// The differential reader: random chains (quotes, backslashes, colons, semicolons, dots, spaces, CJK) read with
    /// PostHog's server regexes (`posthog/models/element/element.py`) in Python, and by `lasso event convert`.
    static let chainOracle = #"""
        import json, random, re, subprocess, sys
        split = re.compile(r'(?:[^\s;"]|"(?:\\.|[^"])*")+')
        sca = re.compile(r"(.*?)($|:([a-zA-Z\-\_0-9]*=.*))")
        attr = re.compile(r"(?P<attribute>(?P<key>.*?)\=\"(?P<value>(?:[^\"\\]|\\.)*)\")", re.MULTILINE)
        random.seed(5)
        alphabet = ['A', 'b', ':', ';', '"', '\\', '=', ' ', '.', 'x', 't', 'e', '-', '_', '热', '\x1c', '\u3000', '\xa0', '\t', '\u200b']
        lines, expect = [], []
        for i in range(3000):
            chain = ''.join(random.choice(alphabet) for _ in range(random.randint(0, 30)))
            if random.random() < 0.5:
                chain = 'UIButton:text="' + chain + '";UIWindow'
            elements = []
            for el in split.findall(chain):
                m = sca.search(el)
                tag = m.group(1) if m else ''
                tag = tag.split('.', 1)[0]
                text = None
                if m and m.group(3):
                    for a in attr.finditer(m.group(3)):
                        if a.group('key') == 'text': text = a.group('value')
                elements.append((tag, text))
            lines.append(json.dumps({"event": "$autocapture", "timestamp": "2026-11-20T08:00:00.000Z", "properties": {"$event_type": "touch", "$elements_chain": chain}}))
            expect.append((';'.join(t for t, _ in elements), elements[0][1] if elements else None))
        open('ph.jsonl', 'w').write('\n'.join(lines) + '\n')
        out = subprocess.run([sys.argv[1], 'event', 'convert', '--records', 'posthog', '--app-key', 'x', 'ph.jsonl'], capture_output=True, text=True).stdout.splitlines()
        bad = 0
        for (path, text), line in zip(expect, out):
            r = json.loads(line)
            got = r.get('viewPath', '')
            gt = r['properties'].get('text')
            if got != path or gt != text:
                bad += 1
                if bad < 6: print(repr(json.loads(lines[out.index(line)])['properties']['$elements_chain']), 'expected', repr(path), repr(text), 'got', repr(got), repr(gt))
        print(len(out), 'records,', bad, 'disagreements')
        """#

    @Test(
        "PostHog's $elements_chain: 3,000 random chains read as PostHog's server regexes read them (tags and the text)",
        .enabled(if: Tools.isCI || Tools.pythonHas(["re"]), "needs python3"))
    func chainsAsTheServerReadsThem() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let answer = try LintCommandTests.python(Self.chainOracle + "\n", in: folder, arguments: [LassoBinary.path])
        #expect(answer.contains("3000 records, 0 disagreements"), "\(answer)")
    }
}
