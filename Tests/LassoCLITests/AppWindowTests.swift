import Foundation
import Testing
import _LassoTestSupport

/// A uiautomator dump of three windows (the status bar, the launcher, the app): the app's window starts every path as
/// its SDK would count it, and circling in another window is refused in words.
@Suite("The app's own window in a multi-window dump")
struct AppWindowTests {
    static func node(_ cls: String, package: String, text: String = "", id: String = "", _ children: String = "")
        -> String
    {
        let open =
            #"<node index="0" text="\#(text)" resource-id="\#(id)" class="\#(cls)" package="\#(package)" content-desc="" checkable="false" checked="false" clickable="\#(cls.hasSuffix("Button"))" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,100]""#
        return children.isEmpty ? open + " />" : open + ">" + children + "</node>"
    }

    static let dump = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        \(node("android.widget.FrameLayout", package: "com.android.systemui", node("android.widget.TextView", package: "com.android.systemui", text: "12:30")))\
        \(node("android.widget.FrameLayout", package: "com.miui.home", node("android.widget.TextView", package: "com.miui.home", text: "桌面")))\
        \(node("android.widget.FrameLayout", package: "com.example.feed", node("android.widget.LinearLayout", package: "com.example.feed", node("android.widget.Button", package: "com.example.feed", text: "关注"))))\
        </hierarchy>
        """

    @Test("the app's window is FrameLayout[0]; the others come after it; circling the clock is refused")
    func appWindowFirst() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.dump, to: "three.xml", in: folder)
        let follow = try CLI.run(["path", file, "--find", "关注"], in: folder)
        #expect(follow.status == 0, "\(follow.stderr)")
        #expect(follow.stdout.contains("\tFrameLayout[0]/LinearLayout[0]/Button[0]\t"), "\(follow.stdout)")
        let clock = try CLI.run(["path", file, "--find", "12:30"], in: folder)
        #expect(clock.stdout.contains("\tFrameLayout[1]/TextView[0]\t"), "\(clock.stdout)")
        let refused = try CLI.run(
            [
                "config", "add", file, "--find", "12:30", "--event", "ViewTap", "--key-path", "text", "--key-name",
                "clock", "--app-version", "1.0",
            ], in: folder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("in the window of com.android.systemui, not the app's"), "\(refused.stderr)")
        #expect(!CLI.files(under: folder).contains { $0.hasSuffix(".json") })
    }

    /// An iOS snapshot of four windows under its `UIApplication`: the keyboard's first, an overlay, the key window
    /// (marked), and the status bar's.
    static let iosSnapshot = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0", "platform": "ios"},
         "root": {"class": "UIApplication", "children": [
           {"class": "UIRemoteKeyboardWindow", "superclasses": ["UITextEffectsWindow", "UIWindow", "UIView"],
            "children": [{"class": "UIKBKeyView", "superclasses": ["UIView"], "accessibilityLabel": "发送"}]},
           {"class": "UIWindow", "superclasses": ["UIView"], "children": [{"class": "UILabel", "text": "水印"}]},
           {"class": "UIWindow", "superclasses": ["UIView"], "state": {"isKeyWindow": true}, "children": [
             {"class": "UIView", "viewController": {"class": "ShopViewController"}, "children": [
               {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "title": "购买"}]},
             {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "title": "客服"}]},
           {"class": "UIStatusBarWindow", "superclasses": ["UIWindow", "UIView"],
            "children": [{"class": "UILabel", "text": "12:30"}]}]}}
        """#

    @Test("iOS: the key window is UIWindow[0] and the UIApplication gives no segment; keyboard and status bar refused")
    func iosKeyWindow() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.iosSnapshot, to: "windows.json", in: folder)
        let floating = try CLI.run(["path", file, "--find", "客服"], in: folder)
        #expect(floating.status == 0, "\(floating.stderr)")
        #expect(floating.stdout.contains("\tUIWindow[0]/UIButton[0]\t"), "\(floating.stdout)")
        let overlay = try CLI.run(["path", file, "--find", "水印"], in: folder)
        #expect(overlay.stdout.contains("\tUIWindow[1]/UILabel[0]\t"), "\(overlay.stdout)")
        let buy = try CLI.run(["path", file, "--find", "购买"], in: folder)
        #expect(buy.stdout.contains("\tShopViewController[0]/UIView[0]/UIButton[0]\t"), "\(buy.stdout)")
        for (text, owner) in [("发送", "the keyboard"), ("12:30", "the status bar")] {
            let refused = try CLI.run(
                [
                    "config", "add", file, "--find", text, "--event", "ViewTap", "--key-path", "accessibilityLabel",
                    "--key-name", "key",
                ], in: folder)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("in the window of \(owner), not the app's"), "\(refused.stderr)")
        }
        let saved = try CLI.run(
            [
                "config", "add", file, "--find", "客服", "--event", "ButtonClick", "--key-path", "currentTitle",
                "--key-name", "entry",
            ], in: folder)
        #expect(saved.status == 0, "\(saved.stderr)")
    }

    @Test("Appium: a window holding only the keyboard is not the app's, and circling a key is refused")
    func appiumKeyboardWindow() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        func element(_ type: String, _ attributes: String = "", _ inner: String = "") -> String {
            let open =
                #"<XCUIElementType\#(type) type="XCUIElementType\#(type)" \#(attributes) x="0" y="0" width="390" height="44""#
            return inner.isEmpty ? open + "/>" : open + ">" + inner + "</XCUIElementType\(type)>"
        }
        let source =
            #"<?xml version="1.0" encoding="UTF-8"?><AppiumAUT>"#
            + element(
                "Application", #"name="Shop" label="Shop""#,
                element("Window", "", element("Other", "", element("Button", #"name="buy" label="购买""#)))
                    + element(
                        "Window", "",
                        element("Other", "", element("Keyboard", "", element("Key", #"name="send" label="发送""#)))))
            + "</AppiumAUT>"
        let file = try CLI.write(source, to: "page.xml", in: folder)
        let refused = try CLI.run(
            [
                "config", "add", file, "--find", "发送", "--event", "ViewTap", "--key-path", "accessibilityLabel",
                "--key-name", "key", "--app-version", "1.0",
            ], in: folder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("in the window of the keyboard, not the app's"), "\(refused.stderr)")
        let buy = try CLI.run(["path", file, "--find", "购买"], in: folder)
        #expect(buy.stdout.contains("XCUIElementTypeWindow[0]/"), "\(buy.stdout)")
    }
}
