import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// Which events apply to an Android view is decided by Android's rules, from its own chain and the dump's flags.
@Suite("Android events from the dump's own flags")
struct AndroidEventRulesTests {
    static let dump = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        <node index="0" class="android.widget.FrameLayout" package="com.example.app" bounds="[0,0][720,1600]">\
        <node index="0" text="Buy" resource-id="com.example.app:id/buy" class="android.widget.Button" clickable="true" bounds="[0,0][200,100]" />\
        <node index="1" text="" class="android.widget.Switch" checkable="true" checked="false" clickable="true" bounds="[0,100][200,200]" />\
        <node index="2" text="Hello" class="android.widget.TextView" bounds="[0,200][200,300]" />\
        <node index="3" class="androidx.recyclerview.widget.RecyclerView" bounds="[0,300][720,900]">\
        <node index="0" class="android.widget.LinearLayout" clickable="true" long-clickable="true" bounds="[0,300][720,400]" />\
        </node>\
        <node index="4" text="OK" resource-id="android:id/button1" class="android.widget.Button" clickable="true" bounds="[0,900][200,1000]" />\
        </node></hierarchy>
        """

    @Test(
        "a Button clicks, a checkable Switch changes value (not a click), a plain TextView takes no touch, a row is a list item and long-presses, a dialog's button1 is an alert action"
    )
    func rules() throws {
        let (snapshot, _) = try SnapshotReader.read(bytes: Array(Self.dump.utf8), file: "rules.xml")
        func events(_ node: Int) -> [String] { EventType.applicable(to: node, in: snapshot).map(\.rawValue) }
        let button = try #require(snapshot.indices.first { snapshot.text(of: $0) == "Buy" })
        #expect(events(button) == ["ButtonClick", "ViewTap", "Exposure"])
        let toggle = button + 1
        #expect(events(toggle) == ["ValueChanged", "ViewTap", "Exposure"])
        let label = try #require(snapshot.indices.first { snapshot.text(of: $0) == "Hello" })
        #expect(events(label) == ["Exposure"])
        let row = try #require(snapshot.indices.first { snapshot.indexPath(of: $0) != nil })
        #expect(events(row) == ["ListItemClick", "ViewTap", "LongPress", "Exposure"])
        let ok = try #require(snapshot.indices.first { snapshot.text(of: $0) == "OK" })
        #expect(events(ok).contains("AlertAction"))
        // The interactive filter asks the same rules.
        let interactive = Set(EventType.interactiveViews(in: snapshot).map(Int.init))
        #expect(interactive.isSuperset(of: [button, toggle, row, ok]) && !interactive.contains(label))
        // And the chain shown is Android's.
        #expect(snapshot.platformSuperclasses(of: button) == ["TextView", "View"])
        #expect(snapshot.uikitEquivalent(of: button) == "UIButton")
    }

    static let fields = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        <node index="0" class="android.widget.FrameLayout" package="com.example.app" bounds="[0,0][720,1600]">\
        <node index="0" text="shoes" resource-id="com.example.app:id/search_src_text" class="android.widget.SearchView$SearchAutoComplete" clickable="true" bounds="[0,0][720,100]" />\
        <node index="1" text="Alice" class="android.widget.EditText" password="false" bounds="[0,100][720,200]" />\
        <node index="2" text="••••" class="com.example.app.PinView" password="true" bounds="[0,200][720,300]" />\
        <node index="3" text="Total" class="android.widget.TextView" bounds="[0,300][720,400]" />\
        <node index="4" text="Volume" class="android.widget.SeekBar" bounds="[0,400][720,500]" />\
        <node index="5" text="" class="androidx.appcompat.widget.SwitchCompat" checkable="true" checked="true" bounds="[0,500][720,600]" />\
        </node></hierarchy>
        """

    @Test(
        "the private-text check and the words for a view read Android's own chain and flags, not the UIKit stand-ins: a search view's field is no private text, an EditText or a password view is"
    )
    func privateTextAndWords() throws {
        let (snapshot, _) = try SnapshotReader.read(bytes: Array(Self.fields.utf8), file: "fields.xml")
        let evaluator = KeyPathEvaluator(snapshot)
        func node(_ text: String) throws -> Int {
            try #require(snapshot.indices.first { snapshot.text(of: $0) == text })
        }
        let search = try node("shoes")
        // Its UIKit stand-in is a UISearchTextField, a UITextField, outside any UISearchBar: private by UIKit's rule.
        #expect(snapshot.isKind(search, of: "UITextField"))
        #expect(!evaluator.holdsPrivateText(search))
        #expect(evaluator.holdsPrivateText(try node("Alice")))
        #expect(evaluator.holdsPrivateText(try node("••••")))
        #expect(!evaluator.holdsPrivateText(try node("Total")))
        #expect(snapshot.androidKindWord(of: search) == "search field")
        #expect(snapshot.androidKindWord(of: try node("Alice")) == "text field")
        #expect(snapshot.androidKindWord(of: try node("Total")) == "label")
        #expect(snapshot.androidKindWord(of: try node("Volume")) == "slider")
        #expect(snapshot.androidKindWord(of: search + 5) == "switch")
        #expect(snapshot.androidKindWord(of: 1) == nil)
    }
}
