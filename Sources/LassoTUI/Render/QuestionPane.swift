import LassoDocuments
import LassoSnapshot

/// A question drawn over the bottom of the screen, above the status line: its words wrapped to the terminal's width
/// and its keys after them, wrapped between keys, so that no choice is ever cut (at 80 columns and up).
enum QuestionPane {
    /// The question asked now, in words, and the keys that answer it; nil when no question is asked.
    static func words(_ state: AppState) -> (text: String, keys: [String])? {
        let confirm = Keymap.items(for: .confirm)
        switch state.overlay {
        case .confirmQuit:
            return ("The form has unsaved changes. Quit anyway?", confirm)
        case .confirmDiscard:
            return ("Close the form and lose its changes?", confirm)
        case .confirmDelete(let kind, let id):
            let document = state.stored(kind).first { $0.document.id == id }?.document
            let name: String
            switch document {
            case .config(let config)?: name = "the config \(config.keyName) (\(config.viewEvent), \(config.shortID))"
            case .event(let definition)?: name = "the named event “\(definition.name)” (\(definition.key))"
            case .hook(let hook)?:
                name =
                    "the hook config of \(hook.className) (\(hook.selectors.joined(separator: " ")), \(hook.shortID))"
            case nil: name = "the \(kind.noun) \(id)"
            }
            return ("Delete \(DisplayText.escaped(name)) from the configs folder?", confirm)
        case .confirmPrune(let count):
            let names = state.pushPanelServerOnly
            let what = count == 1 ? "the one that is" : "the \(count) that are"
            let listed = names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"
            return (
                "Delete \(what) only on the server\(listed), from the server? Apps stop getting \(count == 1 ? "it" : "them").",
                confirm
            )
        case .confirmOverwrite(let changed):
            let file = DisplayText.escaped(
                changed.file.hasPrefix(state.configsFolder + "/")
                    ? String(changed.file.dropFirst(state.configsFolder.count + 1)) : changed.file)
            switch (changed.how, changed.goAhead) {
            case (.changed, .delete?):
                return (
                    "\(file) changed on disk since lasso read it (a git pull? an editor?). Delete it anyway?", confirm
                )
            case (.changed, _):
                return (
                    "\(file) changed on disk since lasso read it (a git pull? an editor?). Write lasso's version over it?",
                    confirm
                )
            case (.deleted, _):
                return ("\(file) was deleted on disk since lasso read it. Write it back?", confirm)
            case (.made, _):
                return ("\(file) is on disk already, made since lasso read the folder. Write over it?", confirm)
            }
        case .confirmRetarget(let pointed, let suggested):
            return (
                "You pointed at the \(ViewWords.describe(pointed, in: state)) inside the \(ViewWords.describe(suggested, in: state)): circle the \(ViewWords.kind(suggested, in: state))?",
                Keymap.items(for: .retarget)
            )
        case .confirmEditExisting(_, let configID):
            let config = state.configs.first { $0.config.id == configID }?.config
            let name =
                config.map {
                    "\($0.keyName) (\($0.viewEvent), reports \($0.keyPath), \($0.shortID))"
                } ?? configID
            return (
                "This view already has the config \(DisplayText.escaped(name)). Edit it, or make a new one beside it?",
                Keymap.items(for: .existing)
            )
        default:
            return nil
        }
    }

    /// Lines of `items` joined by `separator`, wrapped between items (an item longer than a line is wrapped alone),
    /// so that no line ends in a separator.
    static func pack(_ items: [String], width: Int, separator: String = "  ") -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            let joined = line.isEmpty ? item : line + separator + item
            if CharWidth.of(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            if CharWidth.of(item) <= width {
                line = item
            } else {
                let pieces = WordWrap.lines(item, width: width)
                lines += pieces.dropLast()
                line = pieces.last ?? ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Draws a box of `rows` (text and style) over the bottom of `area`, just above its last row; returns its top.
    @discardableResult
    static func drawBox(
        title: String, rows: [(String, Style)], width: Int, bottom: Int, into grid: inout Grid
    ) -> Int {
        let height = rows.count + 2
        let top = max(1, bottom - height)
        grid.fill(x: 0, y: top, width: width, height: bottom - top)
        grid.box(x: 0, y: top, width: width, height: bottom - top, title: title, style: .focusBorder)
        for (offset, row) in rows.enumerated() where top + 1 + offset < bottom - 1 {
            grid.put(row.0, x: 2, y: top + 1 + offset, style: row.1, limit: width - 2)
        }
        return top
    }

    /// Draws the yes/no question asked now, if any.
    static func draw(_ state: AppState, into grid: inout Grid) {
        guard let (text, keys) = words(state) else { return }
        let width = state.size.width
        let inner = width - 4
        var rows = WordWrap.lines(text, width: inner).map { ($0, Style.warning) }
        rows += pack(keys, width: inner).map { ($0, Style.statusKey) }
        drawBox(title: "Question", rows: rows, width: width, bottom: state.size.height - 1, into: &grid)
    }
}

/// The app-key question: two fields over the bottom of the screen, with what the answer does.
enum AppQuestionPane {
    static func draw(_ state: AppState, question: AppQuestion, into grid: inout Grid) {
        let width = state.size.width
        let inner = width - 4
        let server = question.kind == .server
        // The app is known and only the release is missing: nothing goes to lasso.json.
        let releaseOnly = !server && question.releaseOnly
        let about =
            server
            ? (state.needsServer
                ? "No config server is known (lasso.json names none): the push sends the configs to it, and the SDKs read them there. "
                : "No write token is known (LASSO_TOKEN is not set): the server shows its plan without one, but takes changes only with it. ")
                + "Enter writes the address to \(state.shown(question.file)) and keeps the token (the LASSO_ADMIN_TOKEN `lasso serve` was started with) in \(state.tokenFile.map(state.shown) ?? "your user folder"), mode 0600, never in the project folder; an empty token only shows the plan."
            : releaseOnly
                ? "This screen names no app version: a config made on it holds from the release it is of, not in every version. Write that release (0 for every version); Enter goes on, and the next config here takes it too."
                    + (question.versionOffered.map { " Offered: \(question.offeredVersion ?? ""), \($0)." } ?? "")
                : "No app key is known for this screen (the dump names none, nor does lasso.json): configs are filed under it and the SDKs ask the server for it. Enter writes it to \(state.shown(question.file)), as the app of every screen opened in this project, then goes on."
                    + (state.appVersion == nil && question.then != .push
                        ? " The version is the release this screen is of, where the config starts (0 for every version)."
                        : "")
        let offer =
            question.text(question.field).offered
            ? " What is filled in is a guess: typing replaces it, ← edits it." : ""
        var rows = WordWrap.lines(about + offer, width: inner).map { ($0, Style.dim) }
        let fieldsAt = rows.count
        rows += question.fields.map { _ in ("", Style.normal) }
        var after: [(String, Style)] = []
        if let message = question.message {
            after += WordWrap.lines(message.text, width: inner).map { ($0, message.style) }
        } else if question.writing {
            after.append(("writing \(state.shown(question.file))…", .dim))
        }
        let keys =
            server
            ? ["Enter keep them and plan the push", "↓/↑ server ↔ token", "Esc back, nothing pushed"]
            : releaseOnly
                ? ["Enter take it and save", "Esc back, nothing saved"]
                : Keymap.items(for: .appQuestion)
        after += QuestionPane.pack(keys, width: inner).map { ($0, Style.statusKey) }
        rows += after
        let top = QuestionPane.drawBox(
            title: server
                ? "Which server does the push go to?"
                : releaseOnly ? "Which release is this screen of?" : "Which app is this screen of?", rows: rows,
            width: width, bottom: state.size.height - 1,
            into: &grid)
        let valueX = 14
        for (row, field) in question.fields.enumerated() {
            let y = top + 1 + fieldsAt + row
            let active = question.field == field
            FormFrame.label(field.label, active: active, x: 3, y: y, valueX: valueX, into: &grid)
            var text = question.text(field)
            if field == .token {
                // A token is a secret: shown as dots, as many as it has characters.
                var masked = TextField(String(repeating: "•", count: text.count))
                masked.moveCursor(to: text.cursor)
                text = masked
            }
            if (field == .version || field == .token) && text.text.isEmpty && !active {
                grid.put(
                    server
                        ? "empty: show the plan only"
                        : state.appVersion == nil ? "the release, such as 5.3.0" : "empty: every version", x: valueX,
                    y: y, style: .dim,
                    limit: width - 2)
            } else {
                TextFieldView.draw(
                    text, x: valueX, y: y, width: min(40, width - 2 - valueX), active: active, into: &grid)
            }
        }
    }
}
