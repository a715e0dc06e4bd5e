import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// The codeless SDK snapshot importer: Mixpanel's and Sensors Analytics' `snapshot_response`, iOS and Android shapes.
@Suite("import: Mixpanel and Sensors Analytics SDK snapshots")
struct ImportCodelessTests {
    static let feed = "MainActivity[0]/DecorView[0]/LinearLayout[0]/RecyclerView[0]"

    @Test("the format is recognized from the content, Sensors apart from Mixpanel")
    func detection() throws {
        for (name, format) in [
            ("mixpanel-android.json", SnapshotSourceFormat.mixpanel), ("mixpanel-ios.json", .mixpanel),
            ("sensors-android.json", .sensors), ("sensors-ios.json", .sensors),
        ] {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: DumpFixtures.fixture(name))))
            #expect(SnapshotSourceFormat.detect(bytes) == format, "\(name)")
            let imported = try SnapshotReader.importText(path: DumpFixtures.fixture(name))
            #expect(imported.format == format, "\(name)")
        }
    }

    @Test("Android: the last activity is the page by default, class chains and resource ids kept, a note names it")
    func androidPage() throws {
        let (snapshot, notes) = try DumpFixtures.read(DumpFixtures.fixture("mixpanel-android.json"))
        #expect(snapshot.controller(of: 0)?.className == "MainActivity")
        #expect(snapshot.className(of: 0) == "DecorView")
        #expect(snapshot.superclasses(of: 0).starts(with: ["FrameLayout", "ViewGroup", "View"]))
        #expect(notes.contains { $0.contains("took com.example.shop.MainActivity") && $0.contains("--activity") })
        let add = DumpFixtures.nodes("加入购物车", in: snapshot)[0]
        #expect(snapshot.className(of: add) == "MaterialButton")
        #expect(
            snapshot.superclasses(of: add).starts(with: ["AppCompatButton", "Button", "TextView", "View", "UIButton"]))
        #expect(snapshot.accessibilityIdentifier(of: add) == "add_to_cart")
        #expect(snapshot.accessibilityLabel(of: add) == "add to cart")
        #expect(snapshot.title(of: add) == "加入购物车")
        #expect(snapshot.gestures(of: add) == ["UITapGestureRecognizer"])
        #expect(PathTable(snapshot).pathText(of: add) == Self.feed + "/ConstraintLayout[0:0]/MaterialButton[0]")
        #expect(snapshot.properties(of: add)?["class"] == .string("com.google.android.material.button.MaterialButton"))
    }

    @Test("Android: pixels times the scale are points; a scrolled list's offset is its contentOffset")
    func androidFrames() throws {
        let (snapshot, _) = try DumpFixtures.read(DumpFixtures.fixture("mixpanel-android.json"))
        #expect(snapshot.screen == ScreenInfo(width: 540, height: 1200))
        let add = DumpFixtures.nodes("加入购物车", in: snapshot)[0]
        #expect(snapshot.frame(of: add) == Rect(x: 350, y: 140, width: 170, height: 50))
        let list = try DumpFixtures.node("feed", in: snapshot)
        #expect(snapshot.frame(of: list) == Rect(x: 0, y: 84, width: 540, height: 1116))
        #expect(snapshot.state(of: list)?["contentOffset"] == .array([.number("0"), .number("100")]))
        // 84 (list) − 100 (scrolled) + 0 (first row) + 140 (button).
        #expect(WindowGeometry.windowFrame(of: add, in: snapshot) == Rect(x: 350, y: 124, width: 170, height: 50))
        let secondRow = snapshot.children(of: list)[1]
        #expect(snapshot.isHidden(of: secondRow))
        #expect(snapshot.indexPath(of: secondRow)! == (0, 1))
    }

    @Test("Android: --activity takes another activity; an unknown name lists the ones there are")
    func activityOption() throws {
        let path = DumpFixtures.fixture("mixpanel-android.json")
        let (snapshot, notes) = try DumpFixtures.read(path, options: ImportOptions(activity: "SplashActivity"))
        #expect(snapshot.controller(of: 0)?.className == "SplashActivity")
        #expect(snapshot.accessibilityIdentifier(of: 1) == "logo")
        #expect(notes.contains { $0.contains("took com.example.shop.SplashActivity;") })
        let error = DumpFixtures.inputError {
            _ = try DumpFixtures.read(path, options: ImportOptions(activity: "Nope"))
        }
        #expect(error?.expected == "an activity named \"Nope\" (--activity)")
        #expect(error?.found == "com.example.shop.SplashActivity, com.example.shop.MainActivity")
    }

    @Test("Android: the screenshot's base64 is kept on the import result with its type")
    func screenshot() throws {
        let imported = try SnapshotReader.importText(path: DumpFixtures.fixture("mixpanel-android.json"))
        let screenshot = try #require(imported.screenshot)
        #expect(screenshot.type == "image/png")
        #expect(screenshot.data?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(imported.viewCount == 10)
        let ios = try SnapshotReader.importText(path: DumpFixtures.fixture("mixpanel-ios.json"))
        #expect(ios.screenshot?.type == "image/jpeg")
        #expect(ios.screenshot?.base64.contains("\n") == false)
    }

    @Test("a screenshot that is neither a PNG nor a JPEG is left out with a note, and the snapshot still loads")
    func screenshotNotAnImage() throws {
        // Found by fuzzing: the type was written as application/octet-stream, which the loader refuses.
        var text = try String(contentsOfFile: DumpFixtures.fixture("mixpanel-ios.json"), encoding: .utf8)
        let start = try #require(text.range(of: #""screenshot": ""#))
        let end = try #require(text[start.upperBound...].firstIndex(of: "\""))
        text.replaceSubrange(start.upperBound..<end, with: Data("GIF89a, not a screenshot".utf8).base64EncodedString())
        let (snapshot, notes) = try DumpFixtures.read(text: text, file: "gif.json")
        #expect(snapshot.screenshot == nil)
        #expect(
            notes.contains(
                "the screenshot the snapshot carries (24 bytes) is neither a PNG nor a JPEG: it was not kept"))
        let imported = try SnapshotReader.importDump(
            bytes: Array(text.utf8), file: "gif.json", format: .mixpanel, options: ImportOptions())
        #expect(imported.screenshot == nil)
    }

    @Test("a screenshot that is a number or empty text is left out with a note that says so; null says nothing")
    func screenshotNotText() throws {
        let text = try String(contentsOfFile: DumpFixtures.fixture("mixpanel-ios.json"), encoding: .utf8)
        let start = try #require(text.range(of: #""screenshot": ""#))
        let end = try #require(text[start.upperBound...].firstIndex(of: "\""))
        for (value, said) in [("12345", "a number"), ("\"\"", "empty"), ("null", nil)] {
            var changed = text
            changed.replaceSubrange(text.index(start.upperBound, offsetBy: -1)...end, with: value)
            let (snapshot, notes) = try DumpFixtures.read(text: changed, file: "s.json")
            #expect(snapshot.screenshot == nil)
            let note = notes.first { $0.hasPrefix("the screenshot the snapshot carries ($.payload.screenshot)") }
            if let said {
                #expect(note?.hasSuffix("is \(said), not base64 text: there is no picture") == true, "\(notes)")
            } else {
                #expect(note == nil, "\(notes)")
            }
        }
    }

    @Test("Sensors Android: sa_id_name is the identifier, element_content the text, list items are cells")
    func sensorsAndroid() throws {
        let (snapshot, _) = try DumpFixtures.read(DumpFixtures.fixture("sensors-android.json"))
        #expect(snapshot.controller(of: 0)?.className == "ArticleActivity")
        let share = try DumpFixtures.node("btn_share", in: snapshot)
        #expect(snapshot.title(of: share) == "分享")
        #expect(snapshot.properties(of: share)?["element_path"] == .string("LinearLayout[0]/Button[0]"))
        #expect(snapshot.frame(of: share) == Rect(x: 10, y: 10, width: 100, height: 40))
        let agree = try DumpFixtures.node("同意", in: snapshot)
        let row = snapshot.ancestry(of: agree)[1]
        #expect(snapshot.indexPath(of: row)! == (0, 1))
        #expect(
            PathTable(snapshot).pathText(of: agree)
                == "ArticleActivity[0]/DecorView[0]/LinearLayout[0]/ListView[0]/LinearLayout[0:1]/TextView[0]")
        #expect(WindowGeometry.windowFrame(of: agree, in: snapshot) == Rect(x: 10, y: 160, width: 300, height: 30))
    }

    @Test(
        "iOS: controllers' views are pages, class chains kept, Mixpanel's values unwrapped, frames superview-relative")
    func mixpanelIOS() throws {
        let (snapshot, _) = try DumpFixtures.read(DumpFixtures.fixture("mixpanel-ios.json"))
        #expect(snapshot.className(of: 0) == "UIWindow")
        #expect(snapshot.screen == ScreenInfo(width: 390, height: 844))
        let add = try DumpFixtures.node("product.addToCart", in: snapshot)
        #expect(snapshot.title(of: add) == "加入购物车")
        #expect(
            PathTable(snapshot).pathText(of: add)
                == "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:0]/UIButton[0]")
        #expect(snapshot.controller(of: 1)?.title == "首页")
        #expect(snapshot.frame(of: add) == Rect(x: 290, y: 38, width: 84, height: 28))
        // 91 (table) − 120 (scrolled) + 0 (cell) + 38.
        #expect(WindowGeometry.windowFrame(of: add, in: snapshot) == Rect(x: 290, y: 9, width: 84, height: 28))
        let cell = snapshot.ancestry(of: add)[1]
        #expect(snapshot.className(of: cell) == "ShopKit.ProductCell")
        #expect(EventType.listItemClick.applies(to: cell, in: snapshot))
        let label = try DumpFixtures.node("首页", in: snapshot)
        #expect(snapshot.isHidden(of: label))
        #expect(snapshot.alpha(of: label) == 0.5)
        #expect(snapshot.properties(of: 1)?["tag"] == .number("0"))
    }

    @Test("iOS: ids, the window's root controller, child controllers' places and presentation become SDK fields")
    func iosControllerFields() throws {
        let (snapshot, _) = try DumpFixtures.read(DumpFixtures.fixture("mixpanel-ios.json"))
        #expect(snapshot.rootViewControllerID(of: 0) == "$4")
        #expect(snapshot.nodeID(of: 1) == "$4")
        let add = try DumpFixtures.node("product.addToCart", in: snapshot)
        let dialect = MixpanelDialect(snapshot)
        let selector = try #require(dialect.location(of: add)?.path)
        #expect(selector.hasPrefix("/UIView/UITableView[0]/ShopKit.ProductCell["), "\(selector)")
        #expect(dialect.select(try dialect.parse(selector)) == [add])

        let controller = { (id: String, cls: String, props: String) in
            #"{"id":"\#(id)","class":["\#(cls)","UIViewController","UIResponder","NSObject"],"properties":{\#(props)}}"#
        }
        let objects = [
            #"{"id":"$1","class":["UIWindow","UIView","UIResponder","NSObject"],"properties":{"frame":{"X":0,"Y":0,"Width":10,"Height":10},"subviews":["$10"],"rootViewController":"$2"}}"#,
            controller(
                "$2", "UITabBarController",
                #""view":"$10","childViewControllers":["$3","$4"],"presentedViewController":"$5""#),
            controller("$3", "HomeViewController", #""view":"$11""#),
            controller("$4", "CartViewController", #""view":"$12""#),
            controller("$5", "LoginViewController", #""view":"$13""#),
            Self.iosView("$10", ["$12", "$11", "$13"]), Self.iosView("$11"), Self.iosView("$12"), Self.iosView("$13"),
        ]
        let (tabs, _) = try DumpFixtures.read(text: Self.ios(objects), file: "tabs.json")
        let node = { (id: String) in tabs.node(withID: id)! }
        #expect(tabs.rootViewControllerID(of: 0) == "$10")
        #expect(tabs.controller(of: node("$11"))?.childIndex(in: tabs) == 0)
        #expect(tabs.controller(of: node("$12"))?.childIndex(in: tabs) == 1)
        #expect(
            tabs.controller(of: node("$10"))?.childViewControllerClasses(in: tabs) == [
                "HomeViewController", "CartViewController",
            ])
        #expect(tabs.controller(of: node("$10"))?.presentedViewControllerID(in: tabs) == "$13")
        #expect(tabs.controller(of: node("$13"))?.isPresented(in: tabs) == true)
        // Mixpanel walks the tab bar's children in childViewControllers order, then the presented controller.
        let tree = MixpanelTree(tabs)
        let selected = try MixpanelSelector.parse("/UIViewController").select(
            from: try #require(tree.defaultRoot), in: tree)
        #expect(selected == [.controller(node("$11")), .controller(node("$12")), .controller(node("$13"))])
    }

    @Test("Sensors iOS: subelements through controllers, window frames made relative, no double scroll offset")
    func sensorsIOS() throws {
        let (snapshot, notes) = try DumpFixtures.read(DumpFixtures.fixture("sensors-ios.json"))
        let version = try DumpFixtures.node("版本 5.3.0", in: snapshot)
        #expect(
            PathTable(snapshot).pathText(of: version) == "ProfileViewController[0]/UIView[0]/UIScrollView[0]/UILabel[0]"
        )
        #expect(snapshot.frame(of: version) == Rect(x: 20, y: 0, width: 335, height: 30))
        #expect(WindowGeometry.windowFrame(of: version, in: snapshot) == Rect(x: 20, y: 200, width: 335, height: 30))
        #expect(snapshot.state(of: snapshot.ancestry(of: version)[1])?["contentOffset"] == nil)
        let logout = try DumpFixtures.node("退出登录", in: snapshot)
        #expect(snapshot.className(of: logout) == "UIButton")
        #expect(snapshot.title(of: logout) == "退出登录")
        #expect(notes.contains { $0.contains("window coordinates") })
    }

    @Test("bad input: the message names the place in the message, what was expected and what was found")
    func badInput() throws {
        let frame = """
            {"type":"snapshot_response","payload":{"serialized_objects":{"rootObject":"$1","objects":[
            {"id":"$1","class":["UIView","UIResponder","NSObject"],"properties":{"frame":{"values":[{"value":"wide"}]}}}]}}}
            """
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: frame, file: "s.json") }
        #expect(error?.jsonPath == "$.payload.serialized_objects.objects[0].properties.frame")
        #expect(error?.found == "a string")
        let pixels = """
            {"type":"snapshot_response","payload":{"activities":[{"activity":"A","scale":1,"serialized_objects":
            {"rootObject":1,"objects":[{"hashCode":1,"classes":["android.view.View"],"left":"0","top":0,"width":1,"height":1,"subviews":[]}]}}]}}
            """
        let second = DumpFixtures.inputError { _ = try DumpFixtures.read(text: pixels, file: "a.json") }
        #expect(second?.jsonPath == "$.payload.activities[0].serialized_objects.objects[0].left")
        #expect(second?.expected == "a number of pixels")
        let neither = DumpFixtures.inputError {
            _ = try DumpFixtures.read(text: #"{"type":"snapshot_response","payload":{}}"#, file: "e.json")
        }
        #expect(neither?.expected.contains("payload.activities (Android) or payload.serialized_objects (iOS)") == true)
        let truncated = DumpFixtures.inputError {
            _ = try DumpFixtures.read(text: #"{"type":"snapshot_response","payload":{"activities":["#, file: "t.json")
        }
        #expect(truncated?.line == 1)
    }

    /// An iOS snapshot of `objects` (JSON texts) under the root `$1`.
    static func ios(_ objects: [String]) -> String {
        """
        {"type":"snapshot_response","payload":{"serialized_objects":{"rootObject":"$1","objects":[\(objects.joined(separator: ","))]}}}
        """
    }

    static func iosView(
        _ id: String, _ subviews: [String] = [], frame: String = #"{"X":0,"Y":0,"Width":10,"Height":10}"#
    )
        -> String
    {
        let list = subviews.map { "\"\($0)\"" }.joined(separator: ",")
        return
            #"{"id":"\#(id)","class":["UIView","UIResponder","NSObject"],"properties":{"frame":\#(frame),"subviews":[\#(list)]}}"#
    }

    @Test("iOS: objects sharing an id get a note naming the id and how many have it")
    func iosDuplicateIDs() throws {
        let objects = [Self.iosView("$1", ["$2"])] + (0..<10).map { _ in Self.iosView("$2") }
        let (snapshot, notes) = try DumpFixtures.read(text: Self.ios(objects), file: "dup.json")
        #expect(snapshot.count == 2)
        #expect(notes.contains { $0.hasPrefix("10 objects have the id \"$2\"") }, "\(notes)")
    }

    @Test("iOS: a view listing itself or its parent is a cycle with a note; one listed by two parents is kept once")
    func iosCycles() throws {
        let objects = [
            Self.iosView("$1", ["$2", "$3"]), Self.iosView("$2", ["$2", "$1", "$4"]), Self.iosView("$3", ["$4"]),
            Self.iosView("$4"),
        ]
        let (snapshot, notes) = try DumpFixtures.read(text: Self.ios(objects), file: "cycle.json")
        #expect(snapshot.count == 4)
        #expect(notes.contains { $0.hasPrefix("2 views list itself or a view above it") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("1 object is listed as the child of more than one object") }, "\(notes)")
        #expect(!notes.contains { $0.contains("not among the objects") }, "\(notes)")
    }

    @Test("iOS: a frame of 1.7e308 is refused naming the member and the value")
    func iosHugeFrame() throws {
        let objects = [Self.iosView("$1", frame: #"{"X":0,"Y":0,"Width":1.7e308,"Height":10}"#)]
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: Self.ios(objects), file: "f.json") }
        #expect(error?.jsonPath == "$.payload.serialized_objects.objects[0].properties.frame.Width")
        #expect(error?.found == "1.7e308", "\(String(describing: error))")
        #expect(error?.expected == "a number of points within ±1e9")
        // "Within ±1e9", as the message says: 1e9 itself is within, a hair more is not.
        let edge = [Self.iosView("$1", frame: #"{"X":0,"Y":0,"Width":1e9,"Height":10}"#)]
        let (snapshot, _) = try DumpFixtures.read(text: Self.ios(edge), file: "edge.json")
        #expect(snapshot.frame(of: 0)?.width == 1e9)
        let beyond = [Self.iosView("$1", frame: #"{"X":0,"Y":0,"Width":1000000001,"Height":10}"#)]
        #expect(DumpFixtures.inputError { _ = try DumpFixtures.read(text: Self.ios(beyond), file: "b.json") } != nil)
    }

    /// An Android snapshot of `objects` (JSON texts) under the root hash code `root`.
    static func android(_ objects: [String], root: String = "1") -> String {
        """
        {"type":"snapshot_response","payload":{"activities":[{"activity":"A","scale":1,"serialized_objects":
        {"rootObject":\(root),"objects":[\(objects.joined(separator: ","))]}}]}}
        """
    }

    static func androidView(_ hash: String, _ subviews: [String] = []) -> String {
        #"{"hashCode":\#(hash),"classes":["android.view.View"],"left":0,"top":0,"width":1,"height":1,"subviews":[\#(subviews.joined(separator: ","))]}"#
    }

    @Test("Android: objects sharing a hash code get a note naming it and how many have it")
    func androidDuplicateHashes() throws {
        let objects = (0..<10).map { _ in Self.androidView("7") }
        let (snapshot, notes) = try DumpFixtures.read(text: Self.android(objects, root: "7"), file: "dup.json")
        #expect(snapshot.count == 1)
        #expect(notes.contains { $0.hasPrefix("10 objects have the hashCode 7:") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("9 objects are not under the root object") }, "\(notes)")
    }

    @Test("Android: a view listing itself or its parent is counted as a cycle, not as a missing subview")
    func androidCycles() throws {
        let objects = [
            Self.androidView("1", ["2", "3"]), Self.androidView("2", ["2", "1", "4"]), Self.androidView("3", ["4"]),
            Self.androidView("4"),
        ]
        let (snapshot, notes) = try DumpFixtures.read(text: Self.android(objects), file: "cycle.json")
        #expect(snapshot.count == 4)
        #expect(notes.contains { $0.hasPrefix("2 views list itself or a view above it as a subview") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("1 view is listed as a subview of more than one view") }, "\(notes)")
        #expect(!notes.contains { $0.contains("not in the objects") }, "\(notes)")
    }
}
