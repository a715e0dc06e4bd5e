import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// The Android importer: `uiautomator dump` XML and Appium UiAutomator2 page sources (docs/importers.md).
@Suite("import: Android uiautomator dump")
struct ImportAndroidTests {
    static let feed = "FrameLayout[0]/LinearLayout[0]/FrameLayout[0]/CoordinatorLayout[0]/RecyclerView[0]"

    func uiautomator() throws -> (Snapshot, [String]) {
        try DumpFixtures.read(DumpFixtures.sample("android-uiautomator-home.xml"))
    }

    @Test("the class is the simple name, the qualified one stays in properties; known widgets get UIKit equivalents")
    func classes() throws {
        let (snapshot, _) = try uiautomator()
        #expect(snapshot.className(of: 0) == "hierarchy")
        let add = DumpFixtures.nodes("加入购物车", in: snapshot)[0]
        #expect(snapshot.className(of: add) == "Button")
        #expect(snapshot.properties(of: add)?["class"] == .string("android.widget.Button"))
        #expect(snapshot.classChain(of: add).starts(with: ["Button", "TextView", "View", "UIButton", "UIControl"]))
        #expect(EventType.buttonClick.applies(to: add, in: snapshot))
        #expect(snapshot.title(of: add) == "加入购物车")
        let toggle = try DumpFixtures.node("com.example.shop:id/notify_switch", in: snapshot)
        #expect(snapshot.className(of: toggle) == "SwitchCompat")
        #expect(snapshot.classChain(of: toggle).contains("UISwitch"))
        #expect(snapshot.state(of: toggle)?["isOn"] == .bool(true))
        #expect(EventType.valueChanged.applies(to: toggle, in: snapshot))
    }

    @Test(
        "text → text, content-desc → accessibilityLabel, resource-id → accessibilityIdentifier; raw attributes in properties"
    )
    func fields() throws {
        let (snapshot, _) = try uiautomator()
        let cart = try DumpFixtures.node("com.example.shop:id/action_cart", in: snapshot)
        #expect(snapshot.accessibilityLabel(of: cart) == "购物车")
        #expect(snapshot.className(of: cart) == "ImageButton")
        #expect(EventType.buttonClick.applies(to: cart, in: snapshot))
        let properties = try #require(snapshot.properties(of: cart)?.objectValue)
        #expect(properties["clickable"] == .bool(true))
        #expect(properties["package"] == .string("com.example.shop"))
        #expect(properties["bounds"] == .string("[933,110][1080,257]"))
        #expect(properties.keys.prefix(4) == ["index", "text", "resource-id", "class"])
        #expect(snapshot.app.platform == "android")
        #expect(snapshot.screen == ScreenInfo(width: 1080, height: 2400))
    }

    @Test("bounds in screen pixels become frames relative to the parent")
    func frames() throws {
        let (snapshot, _) = try uiautomator()
        let list = try DumpFixtures.node("com.example.shop:id/feed", in: snapshot)
        let secondItem = snapshot.children(of: list)[1]
        #expect(snapshot.frame(of: secondItem) == Rect(x: 0, y: 330, width: 1080, height: 330))
        #expect(
            WindowGeometry.windowFrame(of: secondItem, in: snapshot) == Rect(x: 0, y: 755, width: 1080, height: 330))
        #expect(snapshot.frame(of: 0) == Rect(x: 0, y: 0, width: 1080, height: 2400))
    }

    @Test("RecyclerView items are cells with indexPath [0, position], so \"any row\" matches every row's button")
    func listItems() throws {
        let (snapshot, notes) = try uiautomator()
        let table = PathTable(snapshot)
        let list = try DumpFixtures.node("com.example.shop:id/feed", in: snapshot)
        let items = snapshot.children(of: list)
        #expect(items.map { snapshot.indexPath(of: $0)?.row } == [0, 1, 2, 3])
        #expect(table.pathText(of: items[2]) == Self.feed + "/LinearLayout[0:2]")
        #expect(EventType.listItemClick.applies(to: items[0], in: snapshot))
        let pattern = try PathNotation.parse(Self.feed + "/LinearLayout[0:*]/LinearLayout[0]/Button[0]")
        let found = PathMatcher(table).matches(
            pattern, event: "ButtonClick", conditions: [Condition(key: "title", value: "加入购物车")])
        #expect(found.count == 3)
        #expect(notes.contains { $0.contains("adapter position is not in the dump") })
    }

    @Test("clickable and long-clickable views get tap and long-press gestures; an EditText's text is private")
    func gesturesAndPrivacy() throws {
        let (snapshot, _) = try uiautomator()
        let list = try DumpFixtures.node("com.example.shop:id/feed", in: snapshot)
        let item = snapshot.children(of: list)[0]
        #expect(EventType.viewTap.applies(to: item, in: snapshot))
        #expect(EventType.longPress.applies(to: item, in: snapshot))
        let search = try DumpFixtures.node("com.example.shop:id/search", in: snapshot)
        #expect(KeyPathEvaluator(snapshot).evaluate("text", on: search).readsPrivateText)
        let home = try DumpFixtures.node("com.example.shop:id/nav_home", in: snapshot)
        #expect(snapshot.state(of: home)?["selected"] == .bool(true))
    }

    @Test("the Appium variant (elements named by class) gives the same paths, and keeps its second window")
    func appiumVariant() throws {
        let (appium, _) = try DumpFixtures.read(DumpFixtures.sample("android-appium-home.xml"))
        let (plain, _) = try uiautomator()
        #expect(appium.children(of: 0).count == 2)
        #expect(appium.frame(of: 0) == Rect(x: 0, y: 0, width: 1080, height: 2400))
        let appiumPaths = DumpFixtures.nodes("加入购物车", in: appium).map { PathTable(appium).pathText(of: $0) }
        let plainPaths = DumpFixtures.nodes("加入购物车", in: plain).map { PathTable(plain).pathText(of: $0) }
        #expect(appiumPaths == plainPaths)
        let clock = try DumpFixtures.node("10:24", in: appium)
        #expect(PathTable(appium).pathText(of: clock) == "FrameLayout[1]/TextView[0]")
        #expect(appium.properties(of: clock)?["package"] == .string("com.android.systemui"))
    }

    @Test("uiautomator's own message after the XML (\"UI hierchary dumped to\") is left out and said")
    func dumpedToTTY() throws {
        let (snapshot, notes) = try DumpFixtures.read(DumpFixtures.fixture("android-dumped-to-tty.xml"))
        let (plain, _) = try uiautomator()
        #expect(snapshot.count == plain.count)
        #expect(notes.contains { $0.contains("UI hierchary dumped to: /dev/tty") })
    }

    @Test("several windows, nodes without class or bounds, duplicate and skipped index values, a hint reported as text")
    func windowsAndGaps() throws {
        let (snapshot, notes) = try DumpFixtures.read(DumpFixtures.fixture("android-windows-and-gaps.xml"))
        #expect(snapshot.children(of: 0).count == 3)
        #expect(notes.contains { $0.hasPrefix("3 windows") })
        let list = try DumpFixtures.node("com.example.shop:id/orders", in: snapshot)
        #expect(snapshot.children(of: list).map { snapshot.indexPath(of: $0)?.row } == [0, 1, 2, 3])
        #expect(notes.contains { $0.hasPrefix("2 elements' index attribute") })
        let coupon = try DumpFixtures.node("com.example.shop:id/coupon", in: snapshot)
        #expect(snapshot.text(of: coupon) == nil, "the hint is not the field's text")
        let pin = try DumpFixtures.node("com.example.shop:id/pin", in: snapshot)
        #expect(snapshot.properties(of: pin)?["password"] == .bool(true))
        let divider = try DumpFixtures.node("分隔线", in: snapshot)
        #expect(snapshot.className(of: divider) == "View")
        #expect(notes.contains { $0.hasPrefix("1 node has no class") })
        let ad = try DumpFixtures.node("com.example.shop:id/ad_slot", in: snapshot)
        #expect(snapshot.frame(of: ad) == nil)
        #expect(notes.contains { $0.hasPrefix("1 node has no bounds") })
        let allow = try DumpFixtures.node("允许", in: snapshot)
        #expect(PathTable(snapshot).pathText(of: allow) == "FrameLayout[2]/Button[0]")
        #expect(snapshot.frame(of: 0) == Rect(x: 0, y: 0, width: 1080, height: 2400))
    }

    @Test("a one-line dump cut short, and malformed bounds, are errors with their place")
    func brokenDumps() throws {
        let truncated = DumpFixtures.inputError {
            _ = try DumpFixtures.read(DumpFixtures.fixture("android-truncated.xml"))
        }
        #expect(truncated?.line == 1)
        #expect(truncated?.found.contains("cut short") == true)
        let bounds = DumpFixtures.inputError {
            _ = try DumpFixtures.read(DumpFixtures.fixture("android-bad-bounds.xml"))
        }
        #expect(bounds?.jsonPath == "<node> attribute bounds")
        #expect(bounds?.expected.contains("[0,210][1080,420]") == true)
        #expect(bounds?.found == "\"[42,278][1038]\"")
        #expect(bounds?.line == 1 && (bounds?.column ?? 0) > 1)
    }

    @Test("bounds are read as [x1,y1][x2,y2], negative corners included")
    func boundsText() throws {
        #expect(AndroidImporter.bounds("[0,0][1080,2400]") == Rect(x: 0, y: 0, width: 1080, height: 2400))
        #expect(AndroidImporter.bounds("[-5,10][20,30]") == Rect(x: -5, y: 10, width: 25, height: 20))
        #expect(AndroidImporter.bounds("[1,2][3]") == nil)
        #expect(AndroidImporter.bounds("1,2,3,4") == nil)
        #expect(AndroidImporter.bounds("[a,2][3,4]") == nil)
        // "Numbers within ±1e9": 1e9 itself is within, in both spellings the reader takes.
        #expect(AndroidImporter.bounds("[0,0][1000000000,1]") == Rect(x: 0, y: 0, width: 1e9, height: 1))
        #expect(AndroidImporter.bounds("[-1e9,0][1e9,1]") == Rect(x: -1e9, y: 0, width: 2e9, height: 1))
        #expect(AndroidImporter.bounds("[0,0][1000000001,1]") == nil)
    }
}
