/// Which keys do what, where: the one table that drives key handling, the status line and the `?` screen.
public enum Keymap {
    /// The part of the UI that has the keys.
    public enum Context: String, Sendable, CaseIterable {
        case outline = "Outline"
        case search = "Search"
        case circle = "Circle form"
        case event = "Name an event"
        case hook = "Hook form"
        case configs = "Configs list"
        case confirm = "Questions"
        case retarget = "Circle what you meant"
        case existing = "A view with a config"
        case push = "Push"
        case notes = "Import notes"
        case versions = "Versions and note"
        case appQuestion = "App key question"
        case help = "Help"
        case tooSmall = "Terminal too small"
    }

    /// One binding: keys, the action, how the help shows it, and whether the status line lists it.
    public struct Binding: Sendable {
        public var keys: [Key]
        public var label: String
        public var action: Action
        public var help: String
        public var context: Context
        public var inStatus: Bool
    }

    public static let bindings: [Binding] = outlineAndForms + hookBindings

    /// The hook form's keys: fields as in the versions form, ←/→ picking in When and Value.
    static let hookBindings: [Binding] =
        [
            Binding(
                keys: [.char("a")], label: "a", action: .openHook,
                help: "hook the view's action (a method-hook config)",
                context: .outline, inStatus: false),
            Binding(
                keys: [.down, .tab], label: "↓/↑", action: .nextField, help: "field", context: .hook, inStatus: true),
            Binding(
                keys: [.up, .backTab], label: "↑", action: .previousField, help: "previous field", context: .hook,
                inStatus: false),
            Binding(
                keys: [.left], label: "←/→", action: .cursorLeft, help: "pick (When, Value) / cursor", context: .hook,
                inStatus: true),
            Binding(
                keys: [.right], label: "→", action: .cursorRight, help: "next pick / cursor right", context: .hook,
                inStatus: false),
            Binding(keys: [.enter], label: "Enter", action: .submit, help: "save", context: .hook, inStatus: true),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "cancel", context: .hook, inStatus: true),
        ] + textEditing(.hook, arrows: false, clear: "clear the field or the pick")

    static let outlineAndForms: [Binding] =
        [
            Binding(
                keys: [.char("j"), .down], label: "j/↓", action: .moveDown, help: "move", context: .outline,
                inStatus: true),
            Binding(
                keys: [.char("k"), .up], label: "k/↑", action: .moveUp, help: "previous row", context: .outline,
                inStatus: false),
            Binding(
                keys: [.pageDown, .ctrl("f")], label: "PgDn", action: .pageDown, help: "next page", context: .outline,
                inStatus: false),
            Binding(
                keys: [.pageUp, .ctrl("b")], label: "PgUp", action: .pageUp, help: "previous page", context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("g"), .home], label: "g", action: .first, help: "first row", context: .outline,
                inStatus: false
            ),
            Binding(
                keys: [.char("G"), .end], label: "G", action: .last, help: "last row", context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("h"), .left], label: "h/←", action: .collapseOrParent, help: "fold / parent",
                context: .outline, inStatus: true),
            Binding(
                keys: [.char("l"), .right], label: "l/→", action: .expandOrChild,
                help: "unfold, else go to first child",
                context: .outline, inStatus: false),
            Binding(
                keys: [.char("H")], label: "H", action: .parent, help: "parent", context: .outline, inStatus: false),
            Binding(
                keys: [.char("J")], label: "J", action: .nextSibling, help: "next sibling", context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("K")], label: "K", action: .previousSibling, help: "previous sibling", context: .outline,
                inStatus: false),
            Binding(
                keys: [.char(" ")], label: "Space", action: .toggleFold, help: "fold or unfold", context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("e")], label: "e", action: .expandSubtree, help: "unfold everything below",
                context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("C")], label: "C", action: .collapseSubtree, help: "fold everything below",
                context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("E")], label: "E", action: .expandAll, help: "unfold the whole tree", context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("s")], label: "s", action: .togglePicture, help: "screenshot or frames alone",
                context: .outline, inStatus: false),
            Binding(
                keys: [.char("/")], label: "/", action: .startSearch, help: "search", context: .outline, inStatus: true),
            Binding(
                keys: [.char("n")], label: "n/N", action: .nextMatch, help: "next search match", context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("N")], label: "N", action: .previousMatch, help: "previous search match",
                context: .outline,
                inStatus: false),
            Binding(
                keys: [.char("f")], label: "f", action: .toggleFilter, help: "interactive only", context: .outline,
                inStatus: true),
            Binding(
                keys: [.char("c"), .enter], label: "c", action: .openCircle, help: "circle", context: .outline,
                inStatus: true),
            Binding(
                keys: [.char("L")], label: "L", action: .openConfigs, help: "configs", context: .outline, inStatus: true
            ),
            Binding(keys: [.char("P")], label: "P", action: .openPush, help: "push", context: .outline, inStatus: true),
            Binding(
                keys: [.char("m")], label: "m", action: .nameEvent,
                help: "name an event here: count the taps on a view with a config", context: .outline, inStatus: false),
            Binding(
                keys: [.char("t")], label: "t", action: .toggleHeatMap,
                help: "heat map: colour views by their taps (with --log)", context: .outline, inStatus: false),
            Binding(
                keys: [.char("z")], label: "z", action: .toggleZoom, help: "picture full screen / back",
                context: .outline, inStatus: false),
            Binding(
                keys: [.char("+"), .char("=")], label: "+", action: .magnify,
                help: "magnify the picture around the highlighted view (2×, 4×, 8×)", context: .outline, inStatus: false
            ),
            Binding(
                keys: [.char("-")], label: "-", action: .unmagnify, help: "magnify less, back to the whole screen",
                context: .outline, inStatus: false),
            Binding(
                keys: [.char("u")], label: "u", action: .undo, help: "undo the last save, edit or delete",
                context: .outline, inStatus: false),
            Binding(
                keys: [.char("i")], label: "i", action: .showNotes,
                help: "import notes: what the dump could not say, and what it means here", context: .outline,
                inStatus: false),
            Binding(keys: [.char("?")], label: "?", action: .showHelp, help: "help", context: .outline, inStatus: true),
            Binding(
                keys: [.char("q"), .ctrl("c")], label: "q", action: .quit, help: "quit", context: .outline,
                inStatus: true),
            Binding(
                keys: [.ctrl("l")], label: "Ctrl-L", action: .redraw, help: "redraw the screen", context: .outline,
                inStatus: false),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "close what is on top (never quits)",
                context: .outline, inStatus: false),

            Binding(
                keys: [.enter], label: "Enter", action: .submit, help: "stay on the match", context: .search,
                inStatus: true),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "cancel (back to where it started)",
                context: .search, inStatus: true),
        ] + textEditing(.search, field: "query", deleteBackward: "delete", quit: "quit") + [

            Binding(keys: [.down], label: "↓/↑", action: .nextField, help: "field", context: .circle, inStatus: true),
            Binding(
                keys: [.up, .backTab], label: "↑", action: .previousField, help: "previous field", context: .circle,
                inStatus: false),
            Binding(
                keys: [.char(" ")], label: "Space", action: .toggleAnyIndex,
                help: "Location: this one ↔ any (*) for the index under the cursor", context: .circle, inStatus: false),
            Binding(keys: [.left], label: "←/→", action: .cursorLeft, help: "choose", context: .circle, inStatus: true),
            Binding(
                keys: [.right], label: "→", action: .cursorRight,
                help: "choose the event, the index or the value; move in text",
                context: .circle, inStatus: false),
            Binding(keys: [.tab], label: "Tab", action: .complete, help: "complete", context: .circle, inStatus: true),
            Binding(keys: [.enter], label: "Enter", action: .submit, help: "save", context: .circle, inStatus: true),
            Binding(
                keys: [.ctrl("o")], label: "Ctrl-O", action: .toggleZoom,
                help: "the screen with the matches marked ↔ the form (when they do not fit side by side)",
                context: .circle, inStatus: false),
            Binding(
                keys: [.ctrl("k")], label: "Ctrl-K", action: .keepMajority,
                help: "keep the most of the matched views: add the condition the form offers", context: .circle,
                inStatus: false),
            Binding(
                keys: [.ctrl("g")], label: "Ctrl-G", action: .takeSteadyValue,
                help:
                    "take the key path the form offers that gives the same field on every matched row, or the condition that keeps the rows that have it",
                context: .circle,
                inStatus: false),
            Binding(
                keys: [.ctrl("f")], label: "Ctrl-F", action: .forceSave,
                help: "save even when refused (event does not apply, private text)", context: .circle, inStatus: false),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "cancel", context: .circle, inStatus: true),
        ] + textEditing(.circle, arrows: false) + [

            Binding(
                keys: [.char("j"), .down], label: "j/k", action: .listDown, help: "move", context: .configs,
                inStatus: true),
            Binding(
                keys: [.char("n")], label: "n", action: .nameEvent, help: "name an event",
                context: .configs, inStatus: true),
            Binding(
                keys: [.char("k"), .up], label: "k", action: .listUp, help: "previous config", context: .configs,
                inStatus: false),
            Binding(
                keys: [.pageDown, .ctrl("f")], label: "PgDn", action: .pageDown, help: "next page", context: .configs,
                inStatus: false),
            Binding(
                keys: [.pageUp, .ctrl("b")], label: "PgUp", action: .pageUp, help: "previous page", context: .configs,
                inStatus: false),
            Binding(
                keys: [.char("g"), .home], label: "g", action: .first, help: "first row", context: .configs,
                inStatus: false
            ),
            Binding(
                keys: [.char("G"), .end], label: "G", action: .last, help: "last row", context: .configs,
                inStatus: false),
            Binding(
                keys: [.enter], label: "Enter", action: .jumpToConfig, help: "go to view", context: .configs,
                inStatus: true
            ),
            Binding(
                keys: [.char("e")], label: "e", action: .editConfig, help: "edit", context: .configs, inStatus: true),
            Binding(
                keys: [.char("d")], label: "d", action: .deleteConfig, help: "delete", context: .configs, inStatus: true
            ),
            Binding(
                keys: [.char("u")], label: "u", action: .undo, help: "undo the last save, edit or delete",
                context: .configs, inStatus: true),
            Binding(
                keys: [.escape, .char("q")], label: "Esc", action: .closeOverlay, help: "close", context: .configs,
                inStatus: true),
            Binding(
                keys: [.char("?")], label: "?", action: .showHelp, help: "every key", context: .configs,
                inStatus: true),
            quitKey(.configs),

            Binding(
                keys: [.down, .tab], label: "↓/↑", action: .nextField, help: "field", context: .event, inStatus: true),
            Binding(
                keys: [.up, .backTab], label: "↑", action: .previousField, help: "previous field", context: .event,
                inStatus: false),
            Binding(keys: [.left], label: "←/→", action: .cursorLeft, help: "choose", context: .event, inStatus: true),
            Binding(
                keys: [.right], label: "→", action: .cursorRight, help: "choose the index or the value; move in text",
                context: .event, inStatus: false),
            Binding(
                keys: [.char(" ")], label: "Space", action: .toggleAnyIndex,
                help: "Location: this one ↔ any; Counts: pick the value (several: any of them)", context: .event,
                inStatus: true),
            Binding(keys: [.enter], label: "Enter", action: .submit, help: "save", context: .event, inStatus: true),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "cancel", context: .event, inStatus: true),
            Binding(
                keys: [.ctrl("o")], label: "Ctrl-O", action: .toggleZoom,
                help: "the screen with the matches marked ↔ the form (when they do not fit side by side)",
                context: .event, inStatus: false),
        ] + textEditing(.event, arrows: false, clear: "clear the field (Counts: no value picked, every tap counts)") + [

            Binding(
                keys: [.char("y")], label: "y", action: .confirmYes, help: "yes", context: .confirm, inStatus: true),
            Binding(
                keys: [.char("n"), .escape], label: "n/Esc", action: .confirmNo, help: "no", context: .confirm,
                inStatus: true),
            Binding(
                keys: [.ctrl("c")], label: "Ctrl-C", action: .forceQuit, help: "quit now", context: .confirm,
                inStatus: false),

            Binding(
                keys: [.char("y"), .enter], label: "y/Enter", action: .confirmYes, help: "circle the suggested view",
                context: .retarget, inStatus: true),
            Binding(
                keys: [.char("n")], label: "n", action: .confirmNo, help: "circle the view you pointed at",
                context: .retarget, inStatus: true),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "circle nothing", context: .retarget,
                inStatus: true),
            quitKey(.retarget),

            Binding(
                keys: [.char("y"), .enter], label: "y/Enter", action: .confirmYes, help: "edit that config",
                context: .existing, inStatus: true),
            Binding(
                keys: [.char("n")], label: "n", action: .confirmNo, help: "make a new config beside it",
                context: .existing, inStatus: true),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "circle nothing", context: .existing,
                inStatus: true),
            quitKey(.existing),

            Binding(
                keys: [.enter], label: "Enter", action: .applyPush, help: "send the plan to the server", context: .push,
                inStatus: true),
            Binding(
                keys: [.char("x")], label: "x", action: .pruneServerOnly,
                help: "also delete what is only on the server, of every kind (asks first)", context: .push,
                inStatus: false),
            Binding(
                keys: [.escape, .char("q")], label: "Esc", action: .closeOverlay, help: "close", context: .push,
                inStatus: true),
            quitKey(.push),

            Binding(
                keys: [.escape, .char("q"), .char("?")], label: "Esc", action: .closeOverlay, help: "close the help",
                context: .help, inStatus: true),
            Binding(
                keys: [.char("j"), .down], label: "j/k", action: .listDown, help: "scroll", context: .help,
                inStatus: true),
            Binding(
                keys: [.char("k"), .up], label: "k", action: .listUp, help: "scroll back", context: .help,
                inStatus: false),
            Binding(
                keys: [.pageDown, .char(" ")], label: "PgDn", action: .pageDown, help: "next page", context: .help,
                inStatus: false),
            Binding(
                keys: [.pageUp], label: "PgUp", action: .pageUp, help: "previous page", context: .help, inStatus: false),
            quitKey(.help),

            Binding(
                keys: [.char("j"), .down], label: "j/k", action: .listDown, help: "scroll", context: .notes,
                inStatus: true),
            Binding(
                keys: [.char("k"), .up], label: "k", action: .listUp, help: "scroll back", context: .notes,
                inStatus: false),
            Binding(
                keys: [.escape, .char("q"), .char("i")], label: "Esc", action: .closeOverlay, help: "close the notes",
                context: .notes, inStatus: true),
            quitKey(.notes),

            Binding(
                keys: [.down, .tab], label: "↓/↑", action: .nextField, help: "field", context: .versions, inStatus: true
            ),
            Binding(
                keys: [.up, .backTab], label: "↑", action: .previousField, help: "previous field", context: .versions,
                inStatus: false),
            Binding(keys: [.enter], label: "Enter", action: .submit, help: "save", context: .versions, inStatus: true),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "cancel", context: .versions, inStatus: true
            ),
        ] + textEditing(.versions) + [

            Binding(
                keys: [.enter], label: "Enter", action: .submit, help: "write it to lasso.json and go on",
                context: .appQuestion, inStatus: true),
            Binding(
                keys: [.down, .up, .tab, .backTab], label: "↓/↑", action: .nextField, help: "app key ↔ version",
                context: .appQuestion, inStatus: true),
            Binding(
                keys: [.escape], label: "Esc", action: .closeOverlay, help: "back, nothing saved",
                context: .appQuestion,
                inStatus: true),
        ] + textEditing(.appQuestion) + [

            Binding(
                keys: [.char("q"), .ctrl("c")], label: "q", action: .quit, help: "quit", context: .tooSmall,
                inStatus: true)
        ]

    /// The keys that edit a text field, the same in every context that has one: ⌫ and Del, ← and → as the cursor
    /// (unless the context's own ←/→ choose, `arrows: false`), Home/Ctrl-A, End/Ctrl-E, Ctrl-U, and Ctrl-C to quit
    /// (asking first: a field may hold work).
    static func textEditing(
        _ context: Context, arrows: Bool = true, field: String = "field",
        deleteBackward: String = "delete before the cursor", clear: String? = nil, quit: String = "quit (asks first)"
    ) -> [Binding] {
        var bindings = [
            Binding(
                keys: [.backspace], label: "⌫", action: .deleteBackward, help: deleteBackward, context: context,
                inStatus: false),
            Binding(
                keys: [.delete], label: "Del", action: .deleteForward, help: "delete at the cursor", context: context,
                inStatus: false),
        ]
        if arrows {
            bindings += [
                Binding(
                    keys: [.left], label: "←", action: .cursorLeft, help: "cursor left", context: context,
                    inStatus: false),
                Binding(
                    keys: [.right], label: "→", action: .cursorRight, help: "cursor right", context: context,
                    inStatus: false),
            ]
        }
        return bindings + [
            Binding(
                keys: [.home, .ctrl("a")], label: "Home", action: .cursorHome, help: "start of the \(field)",
                context: context, inStatus: false),
            Binding(
                keys: [.end, .ctrl("e")], label: "End", action: .cursorEnd, help: "end of the \(field)",
                context: context, inStatus: false),
            Binding(
                keys: [.ctrl("u")], label: "Ctrl-U", action: .clearField, help: clear ?? "clear the \(field)",
                context: context, inStatus: false),
            quitKey(context, help: quit),
        ]
    }

    /// Ctrl-C, which quits from every context (asking first where work may be lost, as `quit` does).
    static func quitKey(_ context: Context, help: String = "quit") -> Binding {
        Binding(keys: [.ctrl("c")], label: "Ctrl-C", action: .quit, help: help, context: context, inStatus: false)
    }

    /// The action a key does in a context, if any.
    public static func action(for key: Key, in context: Context) -> Action? {
        bindings.first { $0.context == context && $0.keys.contains(key) }?.action
    }

    /// The keys bound to an action in a context, first the one the UI names.
    public static func keys(for action: Action, in context: Context) -> [Key] {
        bindings.filter { $0.context == context && $0.action == action }.flatMap(\.keys)
    }

    /// The status-line hint of a context: `j/↓ move  h/← fold / parent …`.
    public static func hint(for context: Context) -> String {
        items(for: context).joined(separator: "  ")
    }

    /// The status-line hint's items, each a key and what it does (`j/↓ move`), for wrapping between them.
    public static func items(for context: Context) -> [String] {
        bindings.filter { $0.context == context && $0.inStatus }.map { "\($0.label) \($0.help)" }
    }

    /// How the UI and the docs write a key.
    public static func name(of key: Key) -> String {
        switch key {
        case .char(" "): return "Space"
        case .char(let character): return String(character)
        case .ctrl(let character): return "Ctrl-" + character.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "⌫"
        case .delete: return "Del"
        }
    }

    /// Every binding as Markdown tables, one per context: the key table of docs/tui.md is this text.
    public static func markdown() -> String {
        var text = ""
        for context in Context.allCases {
            text += "**\(context.rawValue)**\n\n| keys | what they do |\n|---|---|\n"
            for binding in bindings where binding.context == context {
                let keys = binding.keys.map { "`" + name(of: $0) + "`" }.joined(separator: " ")
                text += "| \(keys) | \(binding.help) |\n"
            }
            text += "\n"
        }
        return text
    }
}

/// A key that a message or a hint names, looked up in the keymap, so that what the UI tells a person to press is
/// what the code does.
public enum KeyHint: CaseIterable, Sendable {
    case nextMatch, previousMatch, startSearch, toggleFilter, circle, openPush
    case complete, forceSave, save, cancelForm, nextField, previousField, previousChoice, nextChoice, toggleAny
    case sendPush, closePush, closeHelp, closeConfigs, confirmYes, confirmNo, quitWhenTooSmall
    case zoomCanvas, undo, showNotes, pruneServerOnly, editConfig, scrollHelp, scrollHelpBack, keepMajority
    case takeSteadyValue, magnify, unmagnify
    case formCanvas, nameEvent, heatMap, nameEventInList, pickValue, saveEvent, cancelEvent, eventCanvas
    case openHook, deleteInList

    /// The action and the context the hint is about.
    public var binding: (action: Action, context: Keymap.Context) {
        switch self {
        case .nextMatch: return (.nextMatch, .outline)
        case .previousMatch: return (.previousMatch, .outline)
        case .startSearch: return (.startSearch, .outline)
        case .toggleFilter: return (.toggleFilter, .outline)
        case .circle: return (.openCircle, .outline)
        case .openPush: return (.openPush, .outline)
        case .complete: return (.complete, .circle)
        case .forceSave: return (.forceSave, .circle)
        case .save: return (.submit, .circle)
        case .cancelForm: return (.closeOverlay, .circle)
        case .nextField: return (.nextField, .circle)
        case .previousField: return (.previousField, .circle)
        case .previousChoice: return (.cursorLeft, .circle)
        case .nextChoice: return (.cursorRight, .circle)
        case .toggleAny: return (.toggleAnyIndex, .circle)
        case .sendPush: return (.applyPush, .push)
        case .closePush: return (.closeOverlay, .push)
        case .closeHelp: return (.closeOverlay, .help)
        case .closeConfigs: return (.closeOverlay, .configs)
        case .confirmYes: return (.confirmYes, .confirm)
        case .confirmNo: return (.confirmNo, .confirm)
        case .quitWhenTooSmall: return (.quit, .tooSmall)
        case .zoomCanvas: return (.toggleZoom, .outline)
        case .undo: return (.undo, .outline)
        case .showNotes: return (.showNotes, .outline)
        case .pruneServerOnly: return (.pruneServerOnly, .push)
        case .editConfig: return (.editConfig, .configs)
        case .deleteInList: return (.deleteConfig, .configs)
        case .openHook: return (.openHook, .outline)
        case .scrollHelp: return (.listDown, .help)
        case .keepMajority: return (.keepMajority, .circle)
        case .takeSteadyValue: return (.takeSteadyValue, .circle)
        case .magnify: return (.magnify, .outline)
        case .unmagnify: return (.unmagnify, .outline)
        case .formCanvas: return (.toggleZoom, .circle)
        case .scrollHelpBack: return (.listUp, .help)
        case .nameEvent: return (.nameEvent, .outline)
        case .heatMap: return (.toggleHeatMap, .outline)
        case .nameEventInList: return (.nameEvent, .configs)
        case .pickValue: return (.toggleAnyIndex, .event)
        case .saveEvent: return (.submit, .event)
        case .cancelEvent: return (.closeOverlay, .event)
        case .eventCanvas: return (.toggleZoom, .event)
        }
    }

    /// The name of the first key bound to it (`Ctrl-F`), or "?" if the keymap lost it (a test pins that it never does).
    public var key: String {
        Keymap.keys(for: binding.action, in: binding.context).first.map(Keymap.name(of:)) ?? "?"
    }
}
