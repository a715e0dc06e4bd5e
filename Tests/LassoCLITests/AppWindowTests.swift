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
}
