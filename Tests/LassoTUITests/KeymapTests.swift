import Foundation
import LassoTUI
import Testing

@Suite("One keymap")
struct KeymapTests {
    @Test("no key is bound twice in one context")
    func noKeyBoundTwice() {
        for context in Keymap.Context.allCases {
            let keys = Keymap.bindings.filter { $0.context == context }.flatMap(\.keys)
            let repeated = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys
            #expect(repeated.isEmpty, "\(context.rawValue): \(repeated.map(Keymap.name(of:)))")
        }
    }

    /// Whether a person reaches the action with a key (the others come from typing, the mouse, the terminal or
    /// the runner). The switch has no default, so a new action must be sorted here before this suite builds.
    static func comesFromAKey(_ action: Action) -> Bool {
        switch action {
        case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last, .parent, .nextSibling,
            .previousSibling, .expandOrChild, .collapseOrParent, .toggleFold, .expandSubtree, .collapseSubtree,
            .expandAll, .toggleFilter, .togglePicture, .startSearch, .nextMatch, .previousMatch, .openCircle,
            .openConfigs, .showHelp,
            .closeOverlay, .quit, .forceQuit, .redraw, .deleteBackward, .deleteForward, .clearField, .cursorLeft,
            .cursorRight,
            .cursorHome, .cursorEnd, .submit, .nextField, .previousField, .complete, .forceSave, .toggleAnyIndex,
            .keepMajority, .takeSteadyValue,
            .listDown, .listUp, .jumpToConfig, .editConfig, .deleteConfig, .confirmYes, .confirmNo, .openPush,
            .applyPush, .toggleZoom, .undo, .showNotes, .pruneServerOnly, .nameEvent, .toggleHeatMap, .openHook,
            .magnify, .unmagnify:
            return true
        case .select, .scroll, .clickCanvas, .resize, .insert, .insertText, .loaded, .saved, .deleted,
            .pushPlanned, .pushSent, .appKeyWritten, .serverWritten, .tapsCounted, .stamped, .snapshotFinished,
            .liveScreen, .liveEchoes, .sentToPhone:
            return false
        }
    }

    @Test("every action a key should do is bound somewhere")
    func everyActionReachable() {
        let keyActions: [Action] = [
            .moveDown, .moveUp, .pageDown, .pageUp, .first, .last, .parent, .nextSibling,
            .previousSibling, .expandOrChild, .collapseOrParent, .toggleFold, .expandSubtree, .collapseSubtree,
            .expandAll, .toggleFilter, .togglePicture, .startSearch, .nextMatch, .previousMatch, .openCircle,
            .openConfigs, .showHelp,
            .closeOverlay, .quit, .forceQuit, .redraw, .deleteBackward, .deleteForward, .clearField, .cursorLeft,
            .cursorRight,
            .cursorHome, .cursorEnd, .submit, .nextField, .previousField, .complete, .forceSave, .toggleAnyIndex,
            .keepMajority, .takeSteadyValue,
            .listDown, .listUp, .jumpToConfig, .editConfig, .deleteConfig, .confirmYes, .confirmNo, .openPush,
            .applyPush, .toggleZoom, .undo, .showNotes, .pruneServerOnly, .nameEvent, .toggleHeatMap, .openHook,
            .magnify, .unmagnify,
        ]
        for action in keyActions {
            #expect(Self.comesFromAKey(action))
            #expect(Keymap.bindings.contains { $0.action == action }, "no key does \(action)")
        }
        // Every bound action is one a key should do.
        for binding in Keymap.bindings { #expect(Self.comesFromAKey(binding.action), "\(binding.action)") }
    }

    @Test("the text-editing keys work in the search prompt as in the form")
    func searchEditsLikeTheForm() {
        for action in [Action.deleteBackward, .deleteForward, .cursorLeft, .cursorRight, .cursorHome, .cursorEnd] {
            #expect(!Keymap.keys(for: action, in: .search).isEmpty, "\(action)")
            #expect(!Keymap.keys(for: action, in: .circle).isEmpty, "\(action)")
        }
        #expect(Keymap.action(for: .backTab, in: .circle) == .previousField)
    }

    @Test("every key the status line names is bound in its context")
    func statusHintsNameBoundKeys() {
        for binding in Keymap.bindings where binding.inStatus {
            let bound = Set(Keymap.bindings.filter { $0.context == binding.context }.flatMap(\.keys).map(Keymap.name))
            for name in binding.label.split(separator: "/").map(String.init) {
                #expect(bound.contains(name), "\(binding.context.rawValue): “\(binding.label)” names \(name)")
            }
        }
    }

    @Test("every key a message or hint names is bound to what the message says")
    func keyHintsAreBound() {
        for hint in KeyHint.allCases {
            let (action, context) = hint.binding
            #expect(!Keymap.keys(for: action, in: context).isEmpty, "\(hint)")
            #expect(hint.key != "?", "\(hint)")
        }
        #expect(KeyHint.forceSave.key == "Ctrl-F")
        #expect(KeyHint.nextMatch.key == "n")
    }

    @Test("the too-small screen answers only q and Ctrl-C")
    func tooSmallKeys() throws {
        var state = try TUIFixtures.state(width: 40, height: 10)
        #expect(state.keyContext == .tooSmall)
        state.type(.char("c"))
        #expect(state.overlay == .none)
        #expect(state.screenText.contains("press q"))
        state.type(.char("q"))
        #expect(state.shouldQuit)
    }

    @Test("docs/tui.md's key table is the one the keymap makes")
    func readmeKeyTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/tui.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = "<!-- keys: made by Keymap.markdown(); LassoTUITests checks it -->\n"
        let end = "<!-- end of keys -->"
        let table = try #require(text.range(of: start)).upperBound
        let tableEnd = try #require(text.range(of: end, range: table..<text.endIndex)).lowerBound
        let expected = Keymap.markdown()
        if ProcessInfo.processInfo.environment["LASSO_WRITE_KEYS"] == "1" {
            try (text.replacingCharacters(in: table..<tableEnd, with: expected)).write(
                to: readme, atomically: true, encoding: .utf8)
        }
        #expect(String(text[table..<tableEnd]) == expected, "run with LASSO_WRITE_KEYS=1 to write it")
    }
}
