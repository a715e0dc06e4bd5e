import Foundation
import LassoSnapshot
import Testing

@testable import LassoImport

/// The dumpsys importer: `adb shell dumpsys activity top`, one activity's View Hierarchy section.
@Suite("import: dumpsys activity top")
struct ImportDumpsysTests {
    static let feed = "MainActivity[0]/DecorView[0]/LinearLayout[0]/FrameLayout[0]/ConstraintLayout[0]/RecyclerView[0]"

    func top(_ options: ImportOptions = ImportOptions()) throws -> (Snapshot, [String]) {
        try DumpFixtures.read(DumpFixtures.fixture("dumpsys-top.txt"), options: options)
    }

    @Test("the resumed activity is taken and is the page; a note says which and how to take another")
    func resumed() throws {
        let (snapshot, notes) = try top()
        #expect(snapshot.controller(of: 0)?.className == "MainActivity")
        #expect(notes[0].hasPrefix("3 activities with views: took com.example.shop/.MainActivity (resumed)"))
        #expect(notes[0].contains("--activity"))
        #expect(snapshot.app.platform == "android")
        #expect(snapshot.count == 15)
    }

    @Test("--activity takes another by its simple or full name")
    func pick() throws {
        let (detail, _) = try top(ImportOptions(activity: "DetailActivity"))
        #expect(detail.controller(of: 0)?.className == "DetailActivity")
        #expect(detail.count == 3)
        let (launcher, _) = try top(
            ImportOptions(activity: "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"))
        #expect(launcher.accessibilityIdentifier(of: 2) == "app:id/drag_layer")
    }

    @Test("classes, resource names, flags and left,top-right,bottom frames agree with the lines")
    func views() throws {
        let (snapshot, _) = try top()
        let table = PathTable(snapshot)
        let buttons = DumpFixtures.nodes("app:id/add", in: snapshot)
        #expect(buttons.count == 2)
        #expect(table.pathText(of: buttons[1]) == Self.feed + "/ConstraintLayout[0:1]/MaterialButton[0]")
        #expect(snapshot.frame(of: buttons[1]) == Rect(x: 700, y: 200, width: 340, height: 100))
        #expect(
            WindowGeometry.windowFrame(of: buttons[1], in: snapshot) == Rect(x: 700, y: 740, width: 340, height: 100))
        #expect(snapshot.gestures(of: buttons[0]) == ["UITapGestureRecognizer", "UILongPressGestureRecognizer"])
        #expect(snapshot.state(of: buttons[0])?["selected"] == .bool(true))
        #expect(snapshot.classChain(of: buttons[0]).contains("UIButton"))
        #expect(
            snapshot.properties(of: buttons[0])?["class"]
                == .string("com.google.android.material.button.MaterialButton"))
        let stub = try DumpFixtures.node("android:id/action_mode_bar_stub", in: snapshot)
        #expect(snapshot.isHidden(of: stub))
        #expect(snapshot.frame(of: 0) == Rect(x: 0, y: 0, width: 1080, height: 2400))
        #expect(snapshot.screen == ScreenInfo(width: 1080, height: 2400))
    }

    @Test("the section pasted alone, without ACTIVITY lines, is read too")
    func pasted() throws {
        let text = """
            DecorView@b6c1c0[MainActivity]
              android.widget.LinearLayout{1d8c4f1 V.E...... ........ 0,0-1080,2400}
                android.widget.Button{2f8e6d6 VFED..C.. ........ 10,20-110,70 #7f0a0031 app:id/ok}
            """
        let (snapshot, _) = try DumpFixtures.read(text: text, file: "pasted.txt")
        let ok = try DumpFixtures.node("app:id/ok", in: snapshot)
        #expect(snapshot.frame(of: ok) == Rect(x: 10, y: 20, width: 100, height: 50))
        // The window title in DecorView@…[MainActivity] names the page when no ACTIVITY line does.
        #expect(snapshot.controller(of: 0)?.className == "MainActivity")
    }

    @Test("a DecorView at the heading's own indent still belongs to the section; it holds all its children")
    func rootBesideHeading() throws {
        let text = """
            ACTIVITY com.example/.MainTabActivity 3f2e1d pid=4242
                  View Hierarchy:
                  DecorView@e88d633[MainTabActivity]
                    android.widget.LinearLayout{e3a58d V.E...... ......ID 0,0-720,1184}
                      android.widget.Button{2f8e6d6 VFED..C.. ........ 10,20-110,70 #7f0a0031 app:id/ok aid=1073741824}
                    android.view.View{c74c352 V.ED..... ........ 0,1184-720,1280 #1020030 android:id/navigationBarBackground}
                Looper (main, tid 1) {6f7c29e}
            """
        let (snapshot, _) = try DumpFixtures.read(text: text, file: "kakao.txt")
        #expect(snapshot.count == 4)
        #expect(snapshot.className(of: 0) == "DecorView")
        #expect(snapshot.controller(of: 0)?.className == "MainTabActivity")
        #expect(try DumpFixtures.node("app:id/ok", in: snapshot) == 2)
        #expect(snapshot.properties(of: 2)?["aid"] == .string("1073741824"), "name=value words are kept")
        #expect(snapshot.frame(of: 0) == Rect(x: 0, y: 0, width: 720, height: 1280))
        #expect(snapshot.screen == ScreenInfo(width: 720, height: 1280))
    }

    @Test("a DecorView line that carries its own fields after its title gets its frame from them")
    func decorWithFields() throws {
        let text = """
            ACTIVITY com.example/.ReaderActivity 3f2e1d pid=4242
              View Hierarchy:
                DecorView@5c1a2b[ReaderActivity]{8d3e4f V.E...... R....... 0,0-720,1440}
                  android.widget.LinearLayout{1a2b3c V.E...... ........ 0,40-720,1440}
            """
        let (snapshot, _) = try DumpFixtures.read(text: text, file: "reader.txt")
        #expect(snapshot.className(of: 0) == "DecorView")
        #expect(snapshot.frame(of: 0) == Rect(x: 0, y: 0, width: 720, height: 1440))
        #expect(snapshot.properties(of: 0)?["title"] == .string("ReaderActivity"))
        #expect(snapshot.frame(of: 1) == Rect(x: 0, y: 40, width: 720, height: 1400))
    }

    @Test("Android 12–15: the window's root is the DecorView's own line with the window's title after its brace")
    func titleAfterBrace() throws {
        let text = """
              ACTIVITY com.example.chat/.MainActivity 83f7a1f pid=1234
                View Hierarchy:
                  com.android.internal.policy.DecorView{59ad08d V.E...... R......D 0,0-1080,2392 aid=0}[MainActivity]
                    android.widget.LinearLayout{d76e313 V.E...... ......ID 0,0-1080,2392}
                      android.widget.TextView{3a17e0 V.ED..... ........ 0,63-1080,200 #7f0a078a app:id/title aid=1073742017}
            """
        let (snapshot, _) = try DumpFixtures.read(
            text: text + "\n      Looper (main, tid 2) {2b059f8}\n", file: "top.txt")
        #expect(snapshot.count == 3)
        #expect(snapshot.className(of: 0) == "DecorView")
        #expect(snapshot.properties(of: 0)?["title"] == .string("MainActivity"))
        #expect(snapshot.properties(of: 0)?["aid"] == .string("0"))
        #expect(snapshot.frame(of: 0) == Rect(x: 0, y: 0, width: 1080, height: 2392))
        #expect(snapshot.accessibilityIdentifier(of: 2) == "app:id/title")
        // Pasted alone, with no heading: recognized by the line itself, and its title names the page.
        let pasted = """
            com.android.internal.policy.DecorView{930a38 I.E...... R.....ID 0,0-1080,2400 aid=0}[SettingsActivity]
              android.widget.LinearLayout{d76e313 V.E...... ......ID 0,0-1080,2400}
            """
        let (alone, _) = try DumpFixtures.read(text: pasted, file: "pasted.txt")
        #expect(alone.controller(of: 0)?.className == "SettingsActivity")
        // An empty title (`[]`) is no page name.
        let untitled = pasted.replacingOccurrences(of: "[SettingsActivity]", with: "[]")
        let (none, _) = try DumpFixtures.read(text: untitled, file: "untitled.txt")
        #expect(none.controller(of: 0) == nil)
        #expect(none.count == 2)
    }

    @Test("bad input: a broken view line gets its line and column; text without views says what was expected")
    func badInput() throws {
        let text = """
            ACTIVITY com.example/.MainActivity 9c1e8b2 pid=9321
              View Hierarchy:
                DecorView@b6c1c0[MainActivity]
                  android.widget.LinearLayout{1d8c4f1 V.E...... ...
            """
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: text, file: "d.txt", format: .dumpsys) }
        #expect(error?.line == 4)
        #expect(error?.column == 7)
        #expect(error?.found.hasPrefix("\"android.widget.LinearLayout{") == true)
        let none = DumpFixtures.inputError {
            _ = try DumpFixtures.read(text: "TASK x id=1\n  ACTIVITY a/.B 1 pid=2\n", file: "n.txt")
        }
        #expect(none?.expected.contains("View Hierarchy:") == true)
    }

    @Test("a dump cut in the middle of a view line is an error that says so, at that line")
    func cutMidViewLine() throws {
        let whole = try String(contentsOfFile: DumpFixtures.fixture("dumpsys-top.txt"), encoding: .utf8)
        let end = try #require(whole.range(of: "android.widget.TextView{fe3b09 V.ED"))
        let cut = String(whole[..<end.upperBound])
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: cut, file: "cut.txt", format: .dumpsys) }
        #expect(error?.line == 17)
        #expect(error?.found.contains("the dump was cut short") == true, "\(String(describing: error))")
        #expect(error?.found.contains("TextView{fe3b09 V.ED") == true)
        // Cut in the class name, before any brace: not a view line that is merely skipped.
        let early = String(whole[..<whole.index(end.lowerBound, offsetBy: 20)])
        let second = DumpFixtures.inputError {
            _ = try DumpFixtures.read(text: early, file: "cut.txt", format: .dumpsys)
        }
        #expect(second?.found.contains("the dump was cut short") == true, "\(String(describing: second))")
    }

    @Test(
        "a dump cut after its views, mid-line, gets a note; one whose last view line lacks only the line break does not"
    )
    func cutAfterTheViews() throws {
        let whole = try String(contentsOfFile: DumpFixtures.fixture("dumpsys-top.txt"), encoding: .utf8)
        let end = try #require(whole.range(of: "mCurrentConfig={1.0 310mcc"))
        let (_, notes) = try DumpFixtures.read(text: String(whole[..<end.upperBound]), file: "cut.txt")
        #expect(notes.contains { $0.contains("ends in the middle of line 22") }, "\(notes)")
        let (_, complete) = try DumpFixtures.read(text: whole, file: "whole.txt")
        #expect(!complete.contains { $0.contains("ends in the middle") }, "\(complete)")
        let lastView = try #require(whole.range(of: "app:id/detail_title}"))
        let (_, noBreak) = try DumpFixtures.read(text: String(whole[..<lastView.upperBound]), file: "nobreak.txt")
        #expect(!noBreak.contains { $0.contains("ends in the middle") }, "\(noBreak)")
    }

    @Test("a view line's words are read on its bytes: runs of spaces, negative edges, extras, and flags of any text")
    func lineWords() throws {
        let line = try #require(
            DumpsysViewLine(
                "android.widget.Button{a1f  VFED..CL.   .F....ID  -20,-5-1060,-1  #7f0a0031 app:id/buy  aid=17 x= =y}"))
        #expect(line.className == "android.widget.Button" && line.hash == "a1f")
        #expect(line.viewFlags == "VFED..CL." && line.stateFlags == ".F....ID")
        #expect(line.edges.map { [$0.0, $0.1, $0.2, $0.3] } == [-20, -5, 1060, -1])
        #expect(line.idHex == "7f0a0031" && line.resourceName == "app:id/buy")
        #expect(line.extras.map { "\($0.name)=\($0.value)" } == ["aid=17", "x="])
        #expect(DumpsysViewLine.flag(line.viewFlags, 6) == "C" && DumpsysViewLine.flag(line.viewFlags, 9) == ".")
        // Flags are ASCII on every Android; any other text is read by characters, as it was.
        #expect(DumpsysViewLine.flag("Vé.E\u{301}C", 2) == ".")
        #expect(DumpsysViewLine.flag("Vé.E\u{301}C", 3) == "E\u{301}")
        #expect(DumpsysViewLine.flag("Vé.E\u{301}C", 4) == "C")
        #expect(DumpsysViewLine.flag("", 0) == ".")
        // What is not a view line: edges of ten digits, two commas, a hash that is not hex, too few words.
        for broken in [
            "a.B{1 V.E...... ........ 0,0-1234567890,5}", "a.B{1 V.E...... ........ 0,0,0-1,5}",
            "a.B{xyz V.E...... ........ 0,0-1,5}", "a.B{1 V.E...... ........}", "a.B{1 V.E ........ 0,0-1,5}",
        ] {
            #expect(DumpsysViewLine(Substring(broken)) == nil, "\(broken)")
        }
    }
}
