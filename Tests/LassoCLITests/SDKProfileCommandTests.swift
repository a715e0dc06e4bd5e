import Foundation
import Testing
import _LassoTestSupport

/// `--profile NAME` and lasso.json's `"profile"`, run as the binary on the sample shop: paths shown, matched and
/// written in an SDK's dialect, and configs in one validated.
@Suite("SDK profiles on the command line")
struct SDKProfileCommandTests {
    static let shop = CLI.sample("shop-home.json")
    static let sensorsRows =
        "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0]"

    @Test("path --json: the path in the dialect, the fields beside it, lasso's path kept")
    func pathJSON() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let sensors = try CLI.objects(
            try CLI.run(["path", Self.shop, "--node", "34", "--profile", "sensors", "--json"], in: folder))
        // What sa-sdk-ios v4.9.1 sends as $element_path (SAVisualizedManager.m L302-323): the similar path, the row
        // beside it in $element_position; the path with the row written is lasso's "this row", in rowPath.
        #expect(sensors.first?.string("path") == Self.sensorsRows)
        #expect(
            sensors.first?.string("rowPath")
                == "UIView/UITableView[0]/ShopKit.ProductCell[0][2]/UITableViewCellContentView[0]/UIButton[0]")
        #expect(sensors.first?.string("anyRowPath") == Self.sensorsRows)
        #expect(sensors.first?.string("screenName") == "ShopApp.HomeViewController")
        #expect(sensors.first?.string("elementPosition") == "0:2")
        #expect(sensors.first?.string("lassoPath")?.hasPrefix("HomeViewController[0]/") == true)
        let growing = try CLI.objects(
            try CLI.run(["path", Self.shop, "--node", "34", "--profile", "growingio", "--json"], in: folder))
        #expect(
            growing.first?.string("xpath")?.hasSuffix(
                "/Section/ShopKit.ProductCell/UITableViewCellContentView/UIButton") == true)
        #expect(growing.first?.string("xcontent")?.hasSuffix("/0/-/0/0") == true)
        // Row 2, sent as 3: growingio-sdk-ios-autotracker 4.11.0 GrowingViewElementEvent.m L35-39 adds one for a
        // native view; the path GrowingIO sends is the xpath with xcontent's `-`, originxcontent its rowPath.
        #expect(growing.first?.string("index") == "3")
        #expect(growing.first?.string("path")?.hasSuffix("UIButton /0/0/0/0/0/0/-/0/0") == true)
    }

    @Test("match --profile sensors: the any-row path names every row; a bad one is refused in words, exit 64")
    func match() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let rows = try CLI.run(["match", Self.shop, "--profile", "sensors", "--path", Self.sensorsRows], in: folder)
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(CLI.lines(rows.stdout).count == 6)
        let bad = try CLI.run(
            ["match", Self.shop, "--profile", "sensors", "--path", "/UIView/UIButton[0]"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("no leading /"), "\(bad.stderr)")
        let unknown = try CLI.run(["path", Self.shop, "--node", "1", "--profile", "firebase"], in: folder)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("sensors"), "\(unknown.stderr)")
    }

    @Test("config add in lasso.json's profile writes the SDK's path; validate matches it there; a wrong one fails")
    func configInProfile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        _ = try CLI.write(#"{"profile": "sensors"}"#, to: "lasso.json", in: folder)
        let added = try CLI.run(
            [
                "config", "add", Self.shop, "--node", "34", "--event", "ButtonClick", "--key-path",
                "superview.superview.model.productId", "--key-name", "productId", "--path", Self.sensorsRows,
                "--condition", "title=加入购物车", "--json", "--force",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let config = try CLI.object(added)
        #expect(config.string("profile") == "sensors")
        #expect(config.string("viewPath") == Self.sensorsRows)
        #expect(config.string("viewId") == (try CLI.md5(Self.sensorsRows)))
        let validated = try CLI.run(["validate", Self.shop, "--json"], in: folder)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(validated.stdout.contains("\"ok\""))
        // A path of another view is refused at add, naming the view's own path in that dialect.
        let wrong = try CLI.run(
            [
                "config", "add", Self.shop, "--node", "34", "--event", "ButtonClick", "--key-path", "title",
                "--key-name", "t", "--path", "UIView/UITableView[0]",
            ], in: folder)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("whose sensors path is UIView/UITableView[0]/ShopKit.ProductCell[0][2]"))
        // A config file whose Sensors path no SDK writes is refused where it is read.
        let file = try #require(CLI.files(under: folder).first { $0.hasSuffix(".json") && $0.contains("productId") })
        let path = file.hasPrefix("/") ? file : folder + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: Self.sensorsRows, with: "/" + Self.sensorsRows)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let broken = try CLI.run(["validate", Self.shop], in: folder)
        #expect(broken.status == 65, "\(broken.status) \(broken.stderr)")
        #expect(broken.stderr.contains("$.viewPath") && broken.stderr.contains("a sensors path"), "\(broken.stderr)")
    }

    @Test("lasso.json's profile must be one lasso speaks")
    func badSettings() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        _ = try CLI.write(#"{"profile": "firebase"}"#, to: "lasso.json", in: folder)
        let outcome = try CLI.run(["path", Self.shop, "--node", "1"], in: folder)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("$.profile") && outcome.stderr.contains("growingio"), "\(outcome.stderr)")
    }

    @Test("import --profile marks the snapshot: commands on it speak that SDK unless told otherwise")
    func importMarks() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let dump = CLI.sample("dumps/android-uiautomator-home.xml")
        let imported = try CLI.run(["import", dump, "--profile", "sensors-android", "-o", "home.json"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = try CLI.run(["path", "home.json", "--find", "加入购物车"], in: folder)
        #expect(
            CLI.lines(shown.stdout).first?.contains(
                "android.widget.LinearLayout[0]/android.widget.FrameLayout[0]/androidx.coordinatorlayout.widget.CoordinatorLayout[0]"
            ) == true, "\(shown.stdout)")
        let lasso = try CLI.run(["path", "home.json", "--find", "加入购物车", "--profile", "lasso"], in: folder)
        #expect(CLI.lines(lasso.stdout).first?.contains("\tFrameLayout[0]/LinearLayout[0]/") == true, "\(lasso.stdout)")
        let bad = try CLI.run(["import", dump, "--profile", "firebase"], in: folder)
        #expect(bad.status == 64)
    }
}
