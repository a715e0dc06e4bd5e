import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// The Maestro importer: `maestro hierarchy` JSON, Android and iOS.
@Suite("import: Maestro hierarchy")
struct ImportMaestroTests {
    @Test("Android: recognized after a Running on line; wrappers looked through; classes, ids, texts and pixels kept")
    func android() throws {
        let path = DumpFixtures.fixture("maestro-android.json")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(SnapshotSourceFormat.detect(bytes) == .maestro)
        let (snapshot, notes) = try DumpFixtures.read(path)
        #expect(snapshot.className(of: 0) == "hierarchy")
        #expect(snapshot.app.platform == "android")
        #expect(snapshot.screen == ScreenInfo(width: 1080, height: 2400))
        #expect(notes.contains("1 line before the JSON (Running on …) ignored"))
        let second = DumpFixtures.nodes("加入购物车", in: snapshot)[1]
        #expect(snapshot.className(of: second) == "Button")
        #expect(snapshot.accessibilityIdentifier(of: second) == "com.example.shop:id/add")
        #expect(snapshot.gestures(of: second) == ["UITapGestureRecognizer"])
        #expect(
            PathTable(snapshot).pathText(of: second)
                == "FrameLayout[0]/RecyclerView[0]/ViewGroup[0:1]/Button[0]")
        #expect(snapshot.frame(of: second) == Rect(x: 700, y: 200, width: 340, height: 100))
        #expect(WindowGeometry.windowFrame(of: second, in: snapshot) == Rect(x: 700, y: 860, width: 340, height: 100))
        let cart = try DumpFixtures.node("购物车", in: snapshot)
        #expect(snapshot.className(of: cart) == "ImageButton")
        let search = try DumpFixtures.node("com.example.shop:id/search", in: snapshot)
        #expect(snapshot.text(of: search) == nil)
        let toggle = try DumpFixtures.node("com.example.shop:id/notify", in: snapshot)
        #expect(snapshot.state(of: toggle)?["isOn"] == .bool(true))
    }

    @Test("iOS: bounds are points; views are named by what they hold; identifiers and labels kept")
    func ios() throws {
        let (snapshot, notes) = try DumpFixtures.read(DumpFixtures.fixture("maestro-ios.json"))
        #expect(snapshot.app.platform == "ios")
        #expect(snapshot.screen == ScreenInfo(width: 390, height: 844))
        let add = try DumpFixtures.node("product.addToCart", in: snapshot)
        #expect(snapshot.className(of: add) == "UIButton")
        #expect(snapshot.accessibilityLabel(of: add) == "加入购物车")
        #expect(snapshot.frame(of: add) == Rect(x: 290, y: 400, width: 84, height: 28))
        let title = DumpFixtures.nodes("首页", in: snapshot)[0]
        #expect(snapshot.className(of: title) == "UILabel")
        #expect(notes.contains { $0.contains("no element types") })
    }

    @Test("iOS as XCUITest reports it: a label's text is its accessibilityText; off-screen content is not the screen")
    func iosLabels() throws {
        // The shape of a React Native app's hierarchy: a frameless root, the app and the status bar's windows, a
        // scroll view whose content runs below the screen, and a scroll bar whose `text` is its value.
        let text = """
            {"attributes":{"bounds":"[0,0][0,0]"},"children":[
              {"attributes":{"accessibilityText":"Shop","bounds":"[0,0][393,852]","enabled":"true"},"children":[
                {"attributes":{"bounds":"[0,257][393,1884]","enabled":"true"},"children":[
                  {"attributes":{"accessibilityText":"Welcome to the shop","bounds":"[61,425][332,453]"},"children":[]}]},
                {"attributes":{"accessibilityText":"Vertical scroll bar, 3 pages","value":"0%","text":"0%",
                  "bounds":"[360,257][390,966]"},"children":[]}]},
              {"attributes":{"bounds":"[0,0][0,0]"},"children":[
                {"attributes":{"accessibilityText":"100% battery power","value":"Not charging","text":"Not charging",
                  "bounds":"[333,22][360,35]"},"children":[]}]}]}
            """
        let (snapshot, _) = try DumpFixtures.read(text: text, file: "rn.json")
        #expect(snapshot.app.platform == "ios")
        #expect(snapshot.screen == ScreenInfo(width: 393, height: 852))
        let welcome = try DumpFixtures.node("Welcome to the shop", in: snapshot)
        #expect(snapshot.className(of: welcome) == "UILabel")
        #expect(snapshot.text(of: welcome) == "Welcome to the shop")
        // The app element has a label too, but holds the others: a view, not a label.
        #expect(snapshot.className(of: try DumpFixtures.node("Shop", in: snapshot)) == "UIView")
        let battery = try DumpFixtures.node("100% battery power", in: snapshot)
        #expect(snapshot.text(of: battery) == "100% battery power")
        #expect(snapshot.properties(of: battery)?["value"] == .string("Not charging"))
    }

    @Test("bad input: bad bounds and a node that is not an object are named by their JSON path")
    func badInput() throws {
        let bounds = #"{"attributes":{"class":"android.widget.Button","bounds":"[0,0][x,1]"},"children":[]}"#
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: bounds, file: "m.json") }
        #expect(error?.jsonPath == "$.attributes.bounds")
        #expect(error?.found == "\"[0,0][x,1]\"")
        let child = #"{"attributes":{},"children":[{"attributes":{},"children":[3]}]}"#
        let second = DumpFixtures.inputError { _ = try DumpFixtures.read(text: child, file: "m.json") }
        #expect(second?.jsonPath == "$.children[0].children[0]")
        #expect(second?.found == "a number")
        let deep = #"{"children":[{"children":[]},{"children":[{"attributes":{"bounds":"x"}}]}]}"#
        let third = DumpFixtures.inputError { _ = try DumpFixtures.read(text: deep, file: "m.json") }
        #expect(third?.jsonPath == "$.children[1].children[0].attributes.bounds")
        // Broken JSON after the `Running on` line: the place counts the lines before the JSON.
        let broken = "Running on emulator-5554\n{\"attributes\": {},\n  \"children\": [,]}\n"
        let fourth = DumpFixtures.inputError {
            _ = try DumpFixtures.read(text: broken, file: "m.json", format: .maestro)
        }
        #expect(fourth?.line == 3 && fourth?.column == 16, "\(String(describing: fourth))")
    }
}
