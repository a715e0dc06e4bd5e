import LassoSnapshot
import Testing
import _LassoTestSupport

/// The Sensors Analytics Android SDK's `$element_path` (sa-sdk-android v6.8.4, `ViewUtil.getViewPathAndPosition`)
/// on screens built as the SDK's code walks them; its unit tests assert only `getChildIndex` (SAViewUtilsTest).
@Suite("Sensors Analytics Android: $element_path")
struct SensorsAndroidDialectTests {
    static func view(
        _ qualified: String, _ supers: [String] = ["View"], id: String? = nil, extra: String = "",
        _ children: [String] = []
    )
        -> String
    {
        let simple = qualified.split(separator: ".").last.map(String.init) ?? qualified
        let supersJSON = supers.map { "\"\($0)\"" }.joined(separator: ", ")
        return
            #"{"class": "\#(simple)", "superclasses": [\#(supersJSON)], "properties": {"class": "\#(qualified)"}\#(id.map { #", "id": "\#($0)""# } ?? "")\#(extra), "children": [\#(children.joined(separator: ", "))]}"#
    }

    /// A decor view holding the content frame, as a window's root is: `content` goes inside the frame.
    static func window(_ content: [String], activity: String? = nil) -> String {
        let page =
            activity.map { #", "viewController": {"class": "Main", "properties": {"activity": "\#($0)"}}"# } ?? ""
        return view(
            "com.android.internal.policy.DecorView", ["FrameLayout", "ViewGroup", "View"], extra: page,
            [
                view(
                    "android.widget.LinearLayout", ["ViewGroup", "View"],
                    [view("android.widget.FrameLayout", ["ViewGroup", "View"], content)])
            ])
    }

    static let textView = ["View"]
    static let button = ["TextView", "View"]

    @Test("SAViewUtilsTest getChildIndex: two TextViews in a LinearLayout are 0 and 1")
    func childIndex() throws {
        let root = Self.window([
            Self.view(
                "android.widget.LinearLayout", ["ViewGroup", "View"],
                [
                    Self.view("android.widget.TextView", Self.textView, id: "t1"),
                    Self.view("android.widget.TextView", Self.textView, id: "t2"),
                ])
        ])
        let snapshot = try SnapshotFixtures.snapshot(root: root)
        let dialect = SensorsAndroidDialect(snapshot)
        let prefix = "android.widget.LinearLayout[0]/android.widget.FrameLayout[0]/android.widget.LinearLayout[0]/"
        #expect(dialect.location(of: snapshot.named("t1"))?.path == prefix + "android.widget.TextView[0]")
        #expect(dialect.location(of: snapshot.named("t2"))?.path == prefix + "android.widget.TextView[1]")
    }

    @Test("a sibling counts when it is of the view's class or a subclass: a Button before a TextView")
    func kindCounting() throws {
        let root = Self.window([
            Self.view("android.widget.Button", Self.button, id: "b"), Self.view("android.widget.ImageView", id: "i"),
            Self.view("android.widget.TextView", Self.textView, id: "t"),
        ])
        let snapshot = try SnapshotFixtures.snapshot(root: root)
        let dialect = SensorsAndroidDialect(snapshot)
        #expect(dialect.location(of: snapshot.named("t"))?.path.hasSuffix("/android.widget.TextView[1]") == true)
        #expect(dialect.location(of: snapshot.named("b"))?.path.hasSuffix("/android.widget.Button[0]") == true)
        #expect(dialect.location(of: snapshot.named("i"))?.path.hasSuffix("/android.widget.ImageView[0]") == true)
    }

    @Test("list items: [-] for the innermost list only, the outer position written, $element_position the inner one")
    func nestedLists() throws {
        let recycler = ["RecyclerView", "ViewGroup", "View"]
        func item(_ row: Int, _ inner: [String]) -> String {
            Self.view(
                "android.widget.LinearLayout", ["ViewGroup", "View"], extra: #", "indexPath": [0, \#(row)]"#, inner)
        }
        let inner = Self.view(
            "androidx.recyclerview.widget.RecyclerView", recycler,
            [
                item(0, [Self.view("android.widget.TextView", Self.textView, id: "a")]),
                item(1, [Self.view("android.widget.TextView", Self.textView, id: "b")]),
            ])
        let root = Self.window(
            [
                Self.view(
                    "androidx.recyclerview.widget.RecyclerView", recycler, [item(0, []), item(1, []), item(2, [inner])])
            ],
            activity: "com.example.shop.MainActivity")
        let snapshot = try SnapshotFixtures.snapshot(root: root)
        let dialect = SensorsAndroidDialect(snapshot)
        let b = snapshot.named("b")
        let prefix =
            "android.widget.LinearLayout[0]/android.widget.FrameLayout[0]/androidx.recyclerview.widget.RecyclerView[0]/"
        let location = try #require(dialect.location(of: b))
        #expect(
            location.path
                == prefix
                + "android.widget.LinearLayout[2]/androidx.recyclerview.widget.RecyclerView[0]/android.widget.LinearLayout[1]/android.widget.TextView[0]"
        )
        let sent = try #require(dialect.anyRowLocation(of: b))
        #expect(
            sent.path
                == prefix
                + "android.widget.LinearLayout[2]/androidx.recyclerview.widget.RecyclerView[0]/android.widget.LinearLayout[-]/android.widget.TextView[0]"
        )
        #expect(sent[field: "$element_position"] == "1")
        #expect(sent[field: "$screen_name"] == "com.example.shop.MainActivity")
        // What the SDK sends names the inner list's items of that outer row, and the one-item path that view alone.
        #expect(dialect.select(try dialect.parse(sent.path)) == [snapshot.named("a"), b])
        #expect(dialect.select(try dialect.parse(location.path)) == [b])
    }

    @Test(
        "paths the SDK never writes are refused in words",
        arguments: [
            ("", "empty"), ("/a.B[0]", "no leading /"), ("a.B[0]/c.D", "expected a class name"),
            ("a.B[x]", "not an index"),
        ])
    func refuses(text: String, words: String) {
        do {
            _ = try SensorsAndroidDialect.read(text)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.reason.contains(words), "\(error.reason)")
        }
    }
}
