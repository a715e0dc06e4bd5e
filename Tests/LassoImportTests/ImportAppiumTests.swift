import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// The Appium / WebDriverAgent page source importer (docs/importers.md).
@Suite("import: Appium page source")
struct ImportAppiumTests {
    static let feedPrefix =
        "XCUIElementTypeApplication[0]/XCUIElementTypeWindow[0]/XCUIElementTypeOther[0]/XCUIElementTypeOther[0]/XCUIElementTypeOther[0]/XCUIElementTypeTable[0]"

    func home() throws -> (Snapshot, [String]) { try DumpFixtures.read(DumpFixtures.sample("appium-ios-home.xml")) }

    @Test("the element type is the class, with UIKit superclasses; the application is the root and both windows stay")
    func classesAndWindows() throws {
        let (snapshot, _) = try home()
        #expect(snapshot.className(of: 0) == "XCUIElementTypeApplication")
        #expect(
            snapshot.children(of: 0).map { snapshot.className(of: $0) } == [
                "XCUIElementTypeWindow", "XCUIElementTypeWindow",
            ])
        #expect(snapshot.isHidden(of: snapshot.children(of: 0)[1]))
        let button = try DumpFixtures.node("nav.cart", in: snapshot)
        #expect(
            snapshot.classChain(of: button).starts(with: ["XCUIElementTypeButton", "UIButton", "UIControl", "UIView"]))
        #expect(snapshot.screen == ScreenInfo(width: 390, height: 844))
        #expect(snapshot.app.platform == "ios")
    }

    @Test(
        "name → accessibilityIdentifier unless it repeats label; label → accessibilityLabel; value → text; label → a button's title"
    )
    func textFields() throws {
        let (snapshot, _) = try home()
        let cart = try DumpFixtures.node("nav.cart", in: snapshot)
        #expect(snapshot.accessibilityIdentifier(of: cart) == "nav.cart")
        #expect(snapshot.accessibilityLabel(of: cart) == "购物车")
        #expect(snapshot.title(of: cart) == "购物车")
        let title = try #require(
            DumpFixtures.nodes("首页", in: snapshot).first { snapshot.className(of: $0) == "XCUIElementTypeStaticText" })
        #expect(snapshot.text(of: title) == "首页")
        #expect(snapshot.accessibilityIdentifier(of: title) == nil, "WebDriverAgent's name only repeats the label here")
        // An empty search field reports its placeholder as its value: it is not text.
        let search = try DumpFixtures.node("home.search", in: snapshot)
        #expect(snapshot.text(of: search) == nil)
        #expect(snapshot.properties(of: search)?["placeholderValue"] == .string("搜索商品"))
        #expect(snapshot.accessibilityLabel(of: search) == nil)
    }

    @Test("entities are decoded: &amp;, &#10; and &#x4E2D;")
    func entities() throws {
        let (snapshot, _) = try home()
        #expect(!DumpFixtures.nodes("Tom & Jerry 积木\n（限量版）", in: snapshot).isEmpty)
        #expect(!DumpFixtures.nodes("中式茶具套装", in: snapshot).isEmpty)
    }

    @Test("window coordinates become frames relative to the parent, and back to the same window frame")
    func frames() throws {
        let (snapshot, _) = try home()
        let cart = try DumpFixtures.node("nav.cart", in: snapshot)
        #expect(snapshot.frame(of: cart) == Rect(x: 338, y: 0, width: 44, height: 44))
        #expect(WindowGeometry.windowFrame(of: cart, in: snapshot) == Rect(x: 338, y: 47, width: 44, height: 44))
        let firstAdd = DumpFixtures.nodes("加入购物车", in: snapshot)[0]
        #expect(snapshot.frame(of: firstAdd) == Rect(x: 270, y: 74, width: 104, height: 36))
    }

    @Test("visible=\"false\" is hidden; enabled, index and accessible are kept in properties")
    func visibilityAndProperties() throws {
        let (snapshot, _) = try home()
        let keyboard = DumpFixtures.nodes("机械键盘 87 键", in: snapshot)[0]
        #expect(snapshot.isHidden(of: keyboard))
        let cart = try DumpFixtures.node("nav.cart", in: snapshot)
        let properties = try #require(snapshot.properties(of: cart)?.objectValue)
        #expect(properties["enabled"] == .bool(true))
        #expect(properties["accessible"] == .bool(true))
        #expect(properties["index"] == .int(1))
        #expect(properties["type"] == .string("XCUIElementTypeButton"))
    }

    @Test("cells get rows from their place, so \"any row\" matches every add-to-cart button; events apply")
    func cellsAndEvents() throws {
        let (snapshot, _) = try home()
        let table = PathTable(snapshot)
        let firstCell = try #require(snapshot.indices.first { snapshot.className(of: $0) == "XCUIElementTypeCell" })
        #expect(table.pathText(of: firstCell) == Self.feedPrefix + "/XCUIElementTypeCell[0:0]")
        #expect(EventType.listItemClick.applies(to: firstCell, in: snapshot))
        let pattern = try PathNotation.parse(Self.feedPrefix + "/XCUIElementTypeCell[0:*]/XCUIElementTypeButton[0]")
        let found = PathMatcher(table).matches(
            pattern, event: "ButtonClick", conditions: [Condition(key: "title", value: "加入购物车")])
        #expect(found.count == 3)
        let toggle = try DumpFixtures.node("home.notifySwitch", in: snapshot)
        #expect(snapshot.state(of: toggle)?["isOn"] == .bool(true))
        #expect(EventType.valueChanged.applies(to: toggle, in: snapshot))
        #expect(!EventType.buttonClick.applies(to: toggle, in: snapshot))
    }

    @Test("what the page source cannot tell is said once: no view controllers, no index paths, an index that skips")
    func notes() throws {
        let (snapshot, notes) = try home()
        #expect(notes.contains { $0.contains("no view controllers") && $0.contains("XCUIElementTypeApplication[0]") })
        #expect(notes.contains { $0.contains("no index paths") })
        #expect(notes.contains { $0.contains("index attribute") })
        #expect(!snapshot.isPageRoot(0))
        #expect(snapshot.unknownTopLevelFields["importedFrom"]?["format"] == .string("appium"))
    }

    @Test(
        "the old <AppiumAUT> wrapper is dropped; missing coordinates give no frame; duplicate and skipped index values are noted"
    )
    func wrapperAndMissingAttributes() throws {
        let (snapshot, notes) = try DumpFixtures.read(DumpFixtures.fixture("appium-wrapper-missing-attributes.xml"))
        #expect(snapshot.className(of: 0) == "XCUIElementTypeApplication")
        let group = try #require(snapshot.indices.first { snapshot.className(of: $0) == "XCUIElementTypeOther" })
        #expect(snapshot.frame(of: group) == nil)
        // A child of a frameless element is placed against the nearest ancestor with a frame.
        let buy = try DumpFixtures.node("buy", in: snapshot)
        #expect(snapshot.frame(of: buy) == Rect(x: 20, y: 600, width: 335, height: 44))
        let later = try DumpFixtures.node("later", in: snapshot)
        #expect(snapshot.properties(of: later)?["enabled"] == .bool(false))
        let odd = try #require(snapshot.indices.first { snapshot.className(of: $0) == "XCUIElementTypeFancyNewThing" })
        #expect(snapshot.superclasses(of: odd).first == "UIView")
        #expect(notes.contains { $0.contains("1 element has no x, y, width and height") })
        #expect(notes.contains { $0.hasPrefix("2 elements' index attribute") })
    }

    @Test("UTF-16 with a byte order mark and ISO-8859-1 files read as their encoding says")
    func encodings() throws {
        for name in ["appium-utf16-bom.xml", "appium-latin1.xml"] {
            let (snapshot, _) = try DumpFixtures.read(DumpFixtures.fixture(name))
            #expect(!DumpFixtures.nodes("Crème brûlée", in: snapshot).isEmpty, "\(name)")
            #expect(snapshot.accessibilityLabel(of: 0) == "Café", "\(name)")
        }
    }

    @Test("a file cut short says where, what was still open, and that it is cut")
    func truncated() throws {
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(DumpFixtures.fixture("appium-truncated.xml")) }
        #expect(error?.line == 31)
        #expect(error?.found.contains("cut short") == true)
        #expect(error?.expected.contains("<XCUIElementTypeCell> opened on line 27") == true)
    }

    @Test("an entity XML does not define is a clear error at its line")
    func undefinedEntity() throws {
        let error = DumpFixtures.inputError {
            _ = try DumpFixtures.read(DumpFixtures.fixture("appium-undefined-entity.xml"))
        }
        #expect(error?.line == 4)
        #expect(error?.expected.contains("&amp;") == true)
        #expect(error?.found == "an undefined entity")
    }

    @Test("a coordinate that is not a number names the element and the attribute")
    func badCoordinate() throws {
        let text =
            #"<XCUIElementTypeApplication type="XCUIElementTypeApplication" x="0" y="0" width="abc" height="844"/>"#
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: text) }
        #expect(error?.jsonPath == "<XCUIElementTypeApplication> attribute width")
        #expect(error?.expected == "a number")
        #expect(error?.found == "\"abc\"")
    }

    @Test("a wrapper with no element in it, and an empty file, are errors, not crashes")
    func emptyDocuments() throws {
        let wrapper = DumpFixtures.inputError { _ = try DumpFixtures.read(text: "<AppiumAUT></AppiumAUT>") }
        #expect(wrapper?.found.contains("no element") == true)
        let empty = DumpFixtures.inputError { _ = try DumpFixtures.read(text: "", format: .appium) }
        #expect(empty != nil)
        let notXML = DumpFixtures.inputError { _ = try DumpFixtures.read(text: "hello world", format: .appium) }
        #expect(notXML != nil)
    }

    @Test(
        "a page source nested 511 deep loads; one 100,000 deep is refused in words while reading, never recursed into"
    )
    func deepDocument() throws {
        func page(_ depth: Int) -> String {
            var text =
                "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"390\" height=\"844\">"
            text += String(
                repeating: "<XCUIElementTypeOther x=\"0\" y=\"0\" width=\"1\" height=\"1\">", count: depth)
            text += String(repeating: "</XCUIElementTypeOther>", count: depth)
            return text + "</XCUIElementTypeApplication>"
        }
        let (snapshot, _) = try DumpFixtures.read(text: page(511))
        #expect(snapshot.count == 512)
        #expect(snapshot.depth(of: 511) == 511)
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: page(100_000)) }
        #expect(error?.expected == "at most 512 levels of nested elements", "\(String(describing: error))")
    }

    @Test("a page source over libxml2's 10 MB lookup limit reads to its end")
    func largeDocument() throws {
        let label = String(repeating: "长", count: 2_000)
        var text =
            "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"390\" height=\"844\">"
        for row in 0..<1_800 {
            text +=
                "<XCUIElementTypeStaticText type=\"XCUIElementTypeStaticText\" value=\"\(label)\" label=\"\(row)\" x=\"0\" y=\"\(row)\" width=\"390\" height=\"1\"/>"
        }
        text += "</XCUIElementTypeApplication>"
        #expect(text.utf8.count > 10_500_000)
        let (snapshot, _) = try DumpFixtures.read(text: text)
        #expect(snapshot.count == 1_801)
        #expect(snapshot.accessibilityLabel(of: 1_800) == "1799")
    }
}
