import Foundation
import LassoDocuments
import LassoTUI
import Testing

/// Defects the golden screens showed, each pinned: help that scrolls and wraps, status lines that keep their last
/// keys, a push panel that wraps between words.
@Suite("Screen defects, fixed")
struct ScreenDefectsTests {
    @Test("help at 80×24 and 120×40 scrolls to the last context; every key's words show whole, wrapped")
    func helpScrolls() throws {
        for (width, height) in [(80, 24), (120, 40)] {
            var state = try TUIFixtures.state(width: width, height: height)
            state.type(.char("?"))
            var seen = state.screenText
            for _ in 0..<40 {
                state.type(.pageDown)
                seen += state.screenText
            }
            #expect(state.screenText.contains("Terminal too small"), "\(width)×\(height)")
            for binding in Keymap.bindings {
                for word in binding.help.split(separator: " ") {
                    #expect(seen.contains(word), "\(width)×\(height): \(binding.help)")
                }
            }
            state.type(.char("k"))
            state.type(.escape)
            #expect(state.overlay == .none)
        }
    }

    @Test("at 80 columns the status line keeps its last keys: push, help, quit; the configs list keeps Esc close")
    func statusKeepsLastKeys() throws {
        var state = try TUIFixtures.state(width: 80, height: 24)
        let last = state.screenText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("P push  ? help  q quit"))
        state.type(.char("L"))
        let list = state.screenText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(list.contains("Esc close"), "\(list)")
    }

    @Test("the push panel wraps between words and its keys never end in a separator; no send key without a plan")
    func pushWraps() throws {
        var state = try TUIFixtures.state(width: 80, height: 24)
        _ = state.type(.char("P"))
        state.reduce(
            .pushPlanned(
                .success(
                    PushReply(
                        lines: [
                            "plan for shop-ios on http://127.0.0.1:8080: 0 create, 0 update, 0 delete, 2 unchanged, 1 only on the server (kept; x deletes them there, after a question)",
                            "nothing to send: the server has every config of the folder",
                        ], serverOnly: 1, serverOnlyNames: ["title (ButtonClick, 3c1f0a9e)"]))))
        let screen = state.screenText
        let panel = state.lines(in: state.layout.panel)
        #expect(panel.allSatisfy { $0.hasSuffix("│") || $0.hasSuffix("┐") || $0.hasSuffix("┘") }, "\(panel)")
        #expect(!screen.contains("unchan\n") && screen.contains("unchanged"))
        for line in screen.split(separator: "\n") {
            let trimmed = line.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces)
            #expect(!trimmed.hasSuffix("·"), "\(line)")
        }
        #expect(!screen.contains("sends this plan"))
        #expect(!(screen.split(separator: "\n").last ?? "").contains("send"))
        state.type(.char("x"))
        #expect(state.screenText.contains("(title (ButtonClick,") && state.screenText.contains("3c1f0a9e))"))
    }

    @Test("at 80×24 the form takes the width, and Ctrl-O shows the screen with the matches marked, and back")
    func formAndCanvasOneKeyApart() async throws {
        var (state, runner) = try await GoldenStates.onButton(Size(width: 80, height: 24))
        await state.keys(.char("c"), .char("n"), .down, .left, .left, .char(" "), with: runner)
        #expect(state.screenText.contains("matches 6 views on this screen"))
        #expect(state.screenText.contains("Ctrl-O the screen") || state.screenText.contains("Ctrl-O"))
        await state.keys(.ctrl("o"), with: runner)
        let canvas = state.screenText
        #expect(canvas.contains("◆ matched · Ctrl-O back to the form"))
        #expect(canvas.filter { $0 == "◆" }.count >= 2, "\(canvas)")
        // Nothing of the outline under it shows through beside the picture.
        #expect(!canvas.contains("UITableView [0]"), "\(canvas)")
        await state.keys(.ctrl("o"), with: runner)
        #expect(state.screenText.contains("Circle UIButton"))
    }

    @Test("L j d y u: the restored config is marked as matching here at once; an edit begun in the list ends there")
    func listFollowsUndoAndEdit() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try NeverLoseWorkTests().twoConfigs(folder)
        state.type(.char("L"), .char("j"), .char("d"), .char("y"))
        state.type(.char("u"))
        guard case .configs(let list) = state.overlay else {
            Issue.record("not back in the configs list: \(state.overlay)")
            return
        }
        #expect(list.matches.values.allSatisfy { !$0.isEmpty } && list.matches.count == 2)
        #expect(!state.screenText.contains("not on this screen"), "\(state.screenText)")
        state.type(.char("e"))
        guard case .circle = state.overlay else {
            Issue.record("e did not open the form: \(state.overlay)")
            return
        }
        state.type(.enter)
        if case .configs = state.overlay {
        } else {
            Issue.record("the save did not go back to the list: \(state.overlay)")
        }
    }
}
