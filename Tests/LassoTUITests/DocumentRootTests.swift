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
}
