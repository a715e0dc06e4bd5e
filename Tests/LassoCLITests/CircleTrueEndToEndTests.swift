import Foundation
import Testing
import _LassoTestSupport

/// A circle that stays true, through the real binary in tmux: on a three-window uiautomator feed whose rows put their
/// labels in different places, a product person circles a row, is told that a positional key path reads another field
/// on another row, takes the narrower value with Ctrl-G, answers the release, and saves; after a release that renames
/// the row's class, `check --repair --write` turns the failure into a green check with no file edited by hand.
@Suite("A circle that stays true, end to end (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct CircleTrueEndToEndTests {
    /// One node of a dump; `children` empty gives a leaf.
    static func node(
        _ cls: String, package: String, text: String = "", bounds: String, clickable: Bool = false,
        _ children: String = ""
    ) -> String {
        let open =
            #"<node index="0" text="\#(text)" resource-id="" class="\#(cls)" package="\#(package)" content-desc="" checkable="false" checked="false" clickable="\#(clickable)" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="\#(bounds)""#
        return children.isEmpty ? open + " />" : open + ">" + children + "</node>"
    }

    /// The feed: the status bar's window, the launcher's, then the app's, whose rows are `rowClass`; the second row
    /// starts with an image, so its title is not its first child.
    static func feed(rowClass: String) -> String {
        let app = "com.example.feed"
        let first = node(
            rowClass, package: app, bounds: "[0,200][1080,400]", clickable: true,
            node("android.widget.TextView", package: app, text: "标题一", bounds: "[40,220][800,280]")
                + node("android.widget.TextView", package: app, text: "3309万阅读", bounds: "[40,300][800,360]"))
        let second = node(
            rowClass, package: app, bounds: "[0,400][1080,600]", clickable: true,
            node("android.widget.ImageView", package: app, bounds: "[40,420][140,520]")
                + node("android.widget.TextView", package: app, text: "标题二", bounds: "[160,420][800,480]")
                + node("android.widget.TextView", package: app, text: "12万阅读", bounds: "[160,500][800,560]"))
        let list = node(
            "androidx.recyclerview.widget.RecyclerView", package: app, bounds: "[0,200][1080,2200]", first + second)
        return """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
            \(node("android.widget.FrameLayout", package: "com.android.systemui", bounds: "[0,0][1080,100]", node("android.widget.TextView", package: "com.android.systemui", text: "12:30", bounds: "[0,0][200,100]")))\
            \(node("android.widget.FrameLayout", package: "com.miui.home", bounds: "[0,0][1080,2400]", node("android.widget.TextView", package: "com.miui.home", text: "桌面", bounds: "[0,0][200,100]")))\
            \(node("android.widget.FrameLayout", package: app, bounds: "[0,100][1080,2400]", list))\
            </hierarchy>
            """
    }

    @Test("circle a row, see the mixed values, Ctrl-G, save; the next release repaired with --write checks green")
    func circleStaysTrue() throws {
        let folder = try LassoProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.feed(rowClass: "android.widget.LinearLayout").write(
            toFile: folder + "/feed.xml", atomically: true, encoding: .utf8)
        try Self.feed(rowClass: "androidx.constraintlayout.widget.ConstraintLayout").write(
            toFile: folder + "/feed-next.xml", atomically: true, encoding: .utf8)
        let session = try TmuxSession(["feed.xml", "--app-key", "com.example.feed"], in: folder)
        defer { session.kill() }
        try session.waitFor("─ Views ─")
        try session.waitFor("(not the app")
        try session.keys("/")
        try session.type("标题一")
        try session.keys("Enter", "c")
        try session.waitFor("circle the row?")
        try session.keys("Enter")
        try session.waitFor("◂ ListItemClick ▸  applies to this view")
        try session.keys("Down", "Space")
        try session.waitFor("any row of this list")
        // The key path a developer might write by position reads the title on one row and nothing on the other.
        try session.keys("Down", "Down", "C-u")
        try session.type("subviews[0].text")
        try session.waitFor("not the same field on every row")
        try session.keys("C-g")
        try session.waitFor("views[TextView:0].text")
        try session.keys("Down", "C-u")
        try session.type("title")
        try session.keys("Enter")
        try session.waitFor("Which release is this screen of?")
        try session.type("2.0.0")
        try session.keys("Enter")
        try session.waitFor("saved title (ListItemClick)")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
        let check = ["check", "--configs", "kvc-configs", "feed-next.xml", "--app-version", "2.1.0"]
        let red = try LassoProcess.run(check, in: folder)
        #expect(red.status == 1, "\(red.stdout)\(red.stderr)")
        let repaired = try LassoProcess.run(check + ["--before", "feed.xml", "--repair", "--write"], in: folder)
        #expect(repaired.status == 0, "\(repaired.stdout)\(repaired.stderr)")
        #expect(repaired.stdout.contains("ConstraintLayout[0:*]"), "\(repaired.stdout)")
        let green = try LassoProcess.run(check, in: folder)
        #expect(green.status == 0, "\(green.stdout)\(green.stderr)")
        #expect(green.stdout.contains(#"value "标题一""#), "\(green.stdout)")
    }
}
