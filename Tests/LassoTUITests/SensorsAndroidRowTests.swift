import LassoCounting
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

@testable import LassoTUI

/// A named event for one row in the sensors-android profile: sa-sdk-android 6.8.5 sends the innermost list item as
/// `Name[-]` and the row in `$element_position` (`visual/utils/VisualUtil.java` L127-155, `ViewUtil.java` L430), so
/// the event form saves that path with a condition on the position, which counts the SDK's records of that row.
@Suite("Sensors Android: one row is the path the SDK sends and its position")
struct SensorsAndroidRowTests {
    static func view(_ qualified: String, _ supers: [String], extra: String = "", _ children: [String] = []) -> String {
        let simple = qualified.split(separator: ".").last.map(String.init) ?? qualified
        let supersJSON = supers.map { "\"\($0)\"" }.joined(separator: ", ")
        return
            #"{"class": "\#(simple)", "superclasses": [\#(supersJSON)], "properties": {"class": "\#(qualified)"}\#(extra), "children": [\#(children.joined(separator: ", "))]}"#
    }

    @Test("the form's words and path for one row; records written as the SDK sends them count that row only")
    func oneRow() throws {
        let group = ["ViewGroup", "View"]
        func item(_ row: Int) -> String {
            Self.view(
                "android.widget.LinearLayout", group, extra: #", "indexPath": [0, \#(row)], "id": "row\#(row)""#,
                [Self.view("android.widget.Button", ["TextView", "View"], extra: #", "id": "buy\#(row)""#)])
        }
        let root = Self.view(
            "com.android.internal.policy.DecorView", ["FrameLayout", "ViewGroup", "View"],
            [
                Self.view(
                    "androidx.recyclerview.widget.RecyclerView", ["RecyclerView", "ViewGroup", "View"],
                    [item(0), item(1), item(2)])
            ])
        let snapshot = try SnapshotFixtures.snapshot(root: root)
        let matcher = ScreenMatcher(PathTable(snapshot))
        let words = EventRecordsWords.make(
            profile: .sensorsAndroid, node: try #require(snapshot.node(withID: "buy2")), anyRow: false,
            event: "ButtonClick",
            matcher: matcher)
        let sent =
            "androidx.recyclerview.widget.RecyclerView[0]/android.widget.LinearLayout[-]/android.widget.Button[0]"
        #expect(words.path == sent, "\(words.path ?? "none")")
        #expect(words.position == "2")
        let said: String = words.words
        #expect(said.hasSuffix("with $element_position 2 (this row)"), "\(said)")
        // The definition the form saves, counted over three clicks written as the SDK writes them.
        var definition = EventDefinition(
            appKey: "chat", name: "row 2", key: "row2", viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("A[0]")
        ).rewritten(in: .sensorsAndroid, pattern: try SDKProfile.sensorsAndroid.read(sent), screen: nil)
        definition.content.append(ContentCondition(key: "$element_position", .equals(try #require(words.position))))
        let lines = (0..<3).map { row in
            #"{"event":"$AppClick","time":1764000000000,"properties":{"$lib":"Android","$element_path":"\#(sent)","$element_position":"\#(row)"}}"#
        }
        var counter = EventCounter(plan: EventCountPlan(definitions: [definition], format: .sensors))
        var text = Array(lines.joined(separator: "\n").utf8)
        text.withUnsafeMutableBufferPointer { counter.count(lines: UnsafeBufferPointer($0)) }
        #expect(counter.tally.counts == [1])
    }
}
