import LassoDocuments
import LassoSnapshot

/// The top line (app, page chain, highlighted view) and the bottom line (message or the keys that work here).
enum StatusBar {
    static func drawBreadcrumb(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        // The app as configs made here get it: lasso.json's (or the answer to the app-key question) before the dump's.
        // A file still loading may name its app after the first views: not known yet is not "no app key".
        let app =
            state.loading != nil && state.appKey == nil && state.appVersion == nil
            ? "app not read yet"
            : "\(state.appKey ?? "no app key") \(state.appVersion ?? "(no version)")"
        var parts = ["lasso", app]
        // Configs made here are written for this SDK: said first, so nobody circles for the wrong one.
        if state.settings.sdkProfile != .lasso { parts[0] = "lasso for \(state.settings.sdkProfile.rawValue)" }
        let chain = state.table.pageChain(of: state.cursor)
        parts.append(chain.isEmpty ? "(no view controller: the window is the page)" : chain.joined(separator: " › "))
        parts.append(
            "#\(state.cursor) \(state.table.name(of: state.cursor)) [\(state.table.segmentIndex(of: state.cursor).text)]"
        )
        if let loading = state.loading { parts.insert(loading.words(views: state.snapshot.count), at: 1) }
        if let live = state.live { parts.insert(live.words, at: 1) }
        grid.fill(x: area.x, y: area.y, width: area.width, height: 1, style: .header)
        grid.put(
            CharWidth.truncate(parts.joined(separator: " · "), to: area.width), x: area.x, y: area.y, style: .header)
    }

    static func drawStatus(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        grid.fill(x: area.x, y: area.y, width: area.width, height: 1, style: .status)
        switch state.overlay {
        case .search(let field):
            var column = grid.put("/", x: area.x, y: area.y, style: .statusKey)
            let hint = "  " + searchHint(state, field)
            column = TextFieldView.draw(
                field, x: column, y: area.y,
                // The query keeps at least a third of the line; the words after it are cut first.
                width: max(area.width - column - CharWidth.of(hint), min(area.width - column, area.width / 3)),
                active: true, into: &grid)
            if field.refused > 0, let message = state.message {
                // The query did not fit: that is said where the hint was.
                grid.put("  " + message.text, x: column, y: area.y, style: message.style, limit: area.width)
            } else {
                // The words after the query that fit, its keys whole: the first keys give way, then the words end in …
                let room = area.x + area.width - column
                let (lead, keys) = searchHintParts(state, field)
                let fitted = "  " + lead + fitting(keys, width: max(0, room - 2 - CharWidth.of(lead)))
                grid.put(CharWidth.truncate(fitted, to: room), x: column, y: area.y, style: .status, limit: area.width)
            }
            return
        case .askApp:
            // The question's box shows its keys whole; the status line only says what went on.
            if let message = state.message {
                grid.put(messageText(message.text, width: area.width), x: area.x, y: area.y, style: message.style)
            }
            return
        default:
            if QuestionPane.words(state) != nil {
                if let message = state.message {
                    grid.put(
                        messageText(message.text, width: area.width), x: area.x, y: area.y, style: message.style)
                }
                return
            }
        }
        var items = Keymap.items(for: state.keyContext)
        if case .push(let panel) = state.overlay {
            // Only the keys that do something now: no "send" without a plan to send, no "delete" with nothing there.
            let send = "\(KeyHint.sendPush.key) "
            let prune = "\(KeyHint.pruneServerOnly.key) "
            items.removeAll {
                ($0.hasPrefix(send) && !panel.canApply) || ($0.hasPrefix(prune) && panel.serverOnly == 0)
            }
        }
        if let message = state.message {
            let text = messageText(message.text, width: area.width)
            let column = grid.put(text, x: area.x, y: area.y, style: message.style)
            let hint = fitting(items, width: area.width - column - 2)
            if !hint.isEmpty { grid.put("  " + hint, x: column, y: area.y, style: .status) }
        } else {
            grid.put(fitting(items, width: area.width), x: area.x, y: area.y, style: .status)
        }
    }
}

extension StatusBar {
    /// A message cut to `width`: one that ends in a parenthesized hint of keys ("(u undoes)") is cut before the hint,
    /// so that what a person can do next stays whole when a long file name does not fit.
    static func messageText(_ text: String, width: Int) -> String {
        guard CharWidth.of(text) > width, text.last == ")" else { return CharWidth.truncate(text, to: width) }
        let characters = Array(text)
        guard
            let open = characters.indices.dropFirst().last(where: {
                characters[$0] == "(" && characters[$0 - 1] == " "
            })
        else { return CharWidth.truncate(text, to: width) }
        let hint = String(characters[(open - 1)...])
        let room = width - CharWidth.of(hint)
        guard room >= 12 else { return CharWidth.truncate(text, to: width) }
        return CharWidth.truncate(String(characters[..<(open - 1)]), to: room) + hint
    }

    /// The hint's items that fit in `width`, whole: the first ones (moving keys a person knows) give way first, so
    /// that the last ones (help, quit, close) always show; none when not even those fit.
    static func fitting(_ items: [String], width: Int) -> String {
        var kept = items
        while !kept.isEmpty && CharWidth.of(kept.joined(separator: "  ")) > width {
            kept.removeFirst()
        }
        return kept.joined(separator: "  ")
    }

    /// The search prompt's words after the query: how many views it matches (or that the first is shown and Enter
    /// counts them, on a snapshot too big to count on every key; or that none does), then the keys.
    static func searchHint(_ state: AppState, _ field: TextField) -> String {
        let (lead, keys) = searchHintParts(state, field)
        return lead + keys.joined(separator: "  ")
    }

    /// The search hint's words before its keys, and its keys.
    static func searchHintParts(_ state: AppState, _ field: TextField) -> (lead: String, keys: [String]) {
        let keys = Keymap.items(for: .search)
        guard !field.text.isEmpty, let matches = state.searchMatches else {
            return (field.text.isEmpty ? "" : "found · Enter counts the matches  ", keys)
        }
        switch matches.count {
        case 0: return ("no match  ", keys)
        case 1: return ("1 match · ", keys)
        default: return ("\(GroupedNumber.text(matches.count)) matches · ", keys)
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

/// Draws a text field with its cursor shown as a reversed cell: only the characters that fit are looked at, so a
/// long field costs no more to draw than a short one.
enum TextFieldView {
    @discardableResult
    static func draw(_ field: TextField, x: Int, y: Int, width: Int, active: Bool, into grid: inout Grid) -> Int {
        let characters = field.characters
        let cursor = field.cursor
        // Each character as shown: a control character as its escape.
        func shown(_ index: Int) -> String { DisplayText.escaped(String(characters[index])) }
        guard active else {
            // A field that is not being typed in shows where it is cut: what fits, then `…` (a character more than
            // fits is enough to know).
            var text = ""
            var used = 0
            var index = 0
            while index < characters.count && used <= width {
                let piece = shown(index)
                used += CharWidth.of(piece)
                text += piece
                index += 1
            }
            if CharWidth.of(text) > width { text = CharWidth.truncate(text, to: width) }
            return grid.put(text, x: x, y: y, style: .input, limit: x + width)
        }
        // An offer is shown chosen whole, as typing replaces it whole.
        let offerStyle: Style = field.offered ? .selected : .input
        // The text is scrolled so that the cursor stays in the field: the characters just before it that fit.
        var start = cursor
        var used = 0
        while start > 0 {
            let pieceWidth = CharWidth.of(shown(start - 1))
            if used + pieceWidth > max(1, width - 2) { break }
            used += pieceWidth
            start -= 1
        }
        var column = x
        var index = start
        while index < characters.count && column < x + width {
            column = grid.put(
                shown(index), x: column, y: y, style: index == cursor ? .selected : offerStyle, limit: x + width)
            index += 1
        }
        if cursor == characters.count && column < x + width {
            column = grid.put(" ", x: column, y: y, style: .selected)
        }
        return column
    }

}
