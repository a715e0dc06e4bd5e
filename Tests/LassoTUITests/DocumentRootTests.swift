import Foundation
import LassoDocuments
import LassoImport
import LassoSnapshot
import LassoTUI
import Testing

/// An Android XML dump's `<hierarchy>` element is no view: the UI opens on its first window, never shows the element
/// a path, and will not circle it; for uiautomator dumps and Appium UiAutomator2 page sources alike.
@Suite("UI: an Android dump's document element")
struct DocumentRootTests {
    @Test("uiautomator and Appium UiAutomator2: opened on the window, the element has no path and is not circled")
    func documentElement() throws {
        for sample in ["dumps/android-uiautomator-home.xml", "dumps/android-appium-home.xml"] {
            let (snapshot, notes) = try SnapshotReader.read(path: GoldenStates.sample(sample))
            var state = AppState(
                table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: TUIFixtures.folder(),
                size: Size(width: 120, height: 40), notes: notes)
            state.run(state.startEffects)
            #expect(state.cursor == 1, "\(sample)")
            #expect(state.snapshot.className(of: state.cursor) == "FrameLayout", "\(sample)")
            #expect(!state.screenText.contains("hierarchy[0]"), "\(sample)")
            state.type(.up)
            #expect(state.cursor == 0, "\(sample)")
            #expect(state.screenText.contains("Path      none: <hierarchy> is no view"), "\(sample)")
            #expect(!state.screenText.contains("hierarchy[0]"), "\(sample)")
            state.type(.char("c"))
            #expect(state.overlay == .none, "\(sample)")
            #expect(state.message?.kind == .refusal, "\(sample)")
            #expect(state.status.contains("circle a view under it"), "\(sample)")
        }
    }

    @Test("several windows: opened on the app's, the others marked as not the app's, circling in them refused")
    func foreignWindows() throws {
        func window(_ package: String, _ inner: String) -> String {
            #"{"class": "FrameLayout", "superclasses": ["ViewGroup", "View"], "properties": {"package": "\#(package)"}, "children": [\#(inner)]}"#
        }
        let text = #"""
            {"format": "lasso.snapshot/1", "app": {"key": "com.example.feed", "version": "1.0", "platform": "android"},
             "root": {"class": "hierarchy", "children": [
               \#(window("com.android.systemui", #"{"class": "TextView", "text": "12:30"}"#)),
               \#(window("com.example.feed", #"{"class": "Button", "superclasses": ["TextView", "View", "UIButton"], "text": "关注"}"#))]}}
            """#
        var state = try TUIFixtures.state(text, width: 120, height: 40)
        #expect(state.cursor == 3, "opened on the app's window")
        #expect(state.screenText.contains("FrameLayout [1] (not the app"))
        state.reduce(.select(node: TUIFixtures.node("12:30", in: state)))
        state.type(.char("c"))
        #expect(state.overlay == .none)
        #expect(state.status.contains("in the window of com.android.systemui, not the app's"), "\(state.status)")
        state.reduce(.select(node: TUIFixtures.node("关注", in: state)))
        state.type(.char("c"))
        if case .circle = state.overlay {} else { Issue.record("the app's button is not circled: \(state.overlay)") }
    }
}
