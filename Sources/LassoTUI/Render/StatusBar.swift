import LassoCore

/// The top line (app, page chain, highlighted view) and the bottom line (message or the keys that work here).
enum StatusBar {
    static func drawBreadcrumb(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        let snapshot = state.snapshot
        var parts = ["lasso", "\(snapshot.app.key ?? "?") \(snapshot.app.version ?? "")"]
        let chain = state.table.pageChain(of: state.cursor)
        parts.append(chain.isEmpty ? "(no view controller: the window is the page)" : chain.joined(separator: " › "))
        parts.append(
            "#\(state.cursor) \(state.table.name(of: state.cursor)) [\(state.table.segmentIndex(of: state.cursor).text)]"
        )
        grid.fill(x: area.x, y: area.y, width: area.width, height: 1, style: .header)
        grid.put(
            CharWidth.truncate(parts.joined(separator: " · "), to: area.width), x: area.x, y: area.y, style: .header)
    }

    static func drawStatus(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        grid.fill(x: area.x, y: area.y, width: area.width, height: 1, style: .status)
        switch state.overlay {
        case .search(let field):
            var column = grid.put("/", x: area.x, y: area.y, style: .statusKey)
            let hint = "  " + Keymap.hint(for: .search)
            column = TextFieldView.draw(
                field, x: column, y: area.y, width: area.width - column - CharWidth.of(hint), active: true, into: &grid)
            grid.put(hint, x: column, y: area.y, style: .status, limit: area.width)
            return
        case .confirmQuit:
            grid.put(
                CharWidth.truncate(
                    "The form has unsaved changes. Quit anyway? " + Keymap.hint(for: .confirm), to: area.width),
                x: area.x, y: area.y, style: .warning)
            return
        case .confirmRetarget(let pointed, let suggested):
            let text =
                "You pointed at the \(ViewWords.describe(pointed, in: state)) inside the \(ViewWords.describe(suggested, in: state)): circle the \(ViewWords.kind(suggested, in: state))? "
                + Keymap.hint(for: .retarget)
            grid.put(CharWidth.truncate(text, to: area.width), x: area.x, y: area.y, style: .warning)
            return
        case .confirmDiscard:
            grid.put(
                CharWidth.truncate(
                    "Close the form and lose its changes? " + Keymap.hint(for: .confirm), to: area.width),
                x: area.x, y: area.y, style: .warning)
            return
        case .confirmPrune(let count):
            let what = count == 1 ? "the config that is" : "the \(count) configs that are"
            grid.put(
                CharWidth.truncate(
                    "Delete \(what) only on the server, from the server? Apps stop getting \(count == 1 ? "it" : "them"). "
                        + Keymap.hint(for: .confirm), to: area.width),
                x: area.x, y: area.y, style: .warning)
            return
        case .confirmOverwrite(let changed):
            let file =
                changed.file.hasPrefix(state.configsFolder + "/")
                ? String(changed.file.dropFirst(state.configsFolder.count + 1)) : changed.file
            let question: String
            switch (changed.how, changed.goAhead) {
            case (.changed, .deleteConfig?):
                question = "\(file) changed on disk since lasso read it. Delete it anyway?"
            case (.changed, _):
                question = "\(file) changed on disk since lasso read it. Write lasso's version over it?"
            case (.deleted, _):
                question = "\(file) was deleted on disk since lasso read it. Write it back?"
            case (.made, _):
                question = "\(file) holds this config on disk already, made since lasso read it. Write over it?"
            }
            // The keys that answer are never cut: the question gives way first.
            let hint = " " + Keymap.hint(for: .confirm)
            let column = grid.put(
                CharWidth.truncate(question, to: max(0, area.width - CharWidth.of(hint))), x: area.x, y: area.y,
                style: .warning)
            grid.put(hint, x: column, y: area.y, style: .warning, limit: area.x + area.width)
            return
        case .confirmDelete(let id):
            let name =
                state.configs.first { $0.config.id == id }.map { "\($0.config.keyName) (\($0.config.shortID))" } ?? id
            grid.put(
                CharWidth.truncate("Delete the config \(name)? " + Keymap.hint(for: .confirm), to: area.width),
                x: area.x, y: area.y,
                style: .warning)
            return
        default:
            break
        }
        let hint = Keymap.hint(for: state.keyContext)
        if let message = state.message {
            let text = CharWidth.truncate(message.text, to: area.width)
            let column = grid.put(text, x: area.x, y: area.y, style: message.style)
            if column + 4 < area.width {
                grid.put(
                    "  " + CharWidth.truncate(hint, to: area.width - column - 2), x: column, y: area.y, style: .status)
            }
        } else {
            grid.put(CharWidth.truncate(hint, to: area.width), x: area.x, y: area.y, style: .status)
        }
    }
}

extension Message {
    /// How a message of this kind is drawn.
    var style: Style {
        switch kind {
        case .info: return .ok
        case .warning: return .warning
        case .refusal, .error: return .error
        }
    }
}

/// Draws a text field with its cursor shown as a reversed cell.
enum TextFieldView {
    @discardableResult
    static func draw(_ field: TextField, x: Int, y: Int, width: Int, active: Bool, into grid: inout Grid) -> Int {
        var text = DisplayText.escaped(field.text)
        // A field that is not being typed in shows where it is cut.
        if !active && CharWidth.of(text) > width { text = CharWidth.truncate(text, to: width) }
        let characters = Array(text)
        let cursor = min(field.cursor, characters.count)
        // Scroll the text so that the cursor stays in the field.
        var start = 0
        while active && start < cursor && CharWidth.of(String(characters[start..<cursor])) > max(1, width - 2) {
            start += 1
        }
        var column = x
        for (offset, character) in characters[start...].enumerated() {
            let index = start + offset
            let style: Style = active && index == cursor ? .selected : .input
            let next = grid.put(String(character), x: column, y: y, style: style, limit: x + width)
            if next == column { break }
            column = next
        }
        if active && cursor == characters.count && column < x + width {
            column = grid.put(" ", x: column, y: y, style: .selected)
        }
        return column
    }
}
