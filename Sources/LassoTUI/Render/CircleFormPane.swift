import Foundation
import LassoDocuments
import LassoSnapshot

/// The circle form: event, location toggles with the match count, key path with its live value, and the rest.
///
/// The form is laid out on a page as tall as it needs; when the page is taller than the box (80×24 with the value
/// list open, a long path, a warning), the box shows the rows of the field being edited, and the message or hint
/// under the fields stays at its bottom; ↑ and ↓ on the box's right edge say more fields are above or below.
enum CircleFormPane {
    /// Where the rows of a laid-out page are: each field's first row, where the message or hint starts, the end.
    struct PageRows {
        var fieldTop: [CircleForm.Field: Int] = [:]
        var footStart = 0
        var end = 0
    }

    static func draw(_ state: AppState, form: CircleForm, area: Layout.Area, into grid: inout Grid) {
        let title =
            (form.editingID == nil ? "Circle " : "Edit config · ") + state.table.name(of: form.node) + " ["
            + state.table.segmentIndex(of: form.node).text + "]"
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(x: area.x, y: area.y, width: area.width, height: area.height, title: title, style: .focusBorder)
        let inside = area.height - 2
        guard inside > 0, area.width > 4 else { return }
        // The page: the box's columns, rows enough for every field (y 0 is the box's first inner row).
        var page = Grid(width: grid.width, height: inside + 120)
        let tall = Layout.Area(x: area.x, y: -1, width: area.width, height: page.height + 2)
        let covered = area.contains(x: state.layout.canvas.x, y: state.layout.canvas.y)
        let rows = drawPage(state, form: form, area: tall, covered: covered, into: &page)
        let columns = (area.x + 1)..<(area.x + area.width - 1)
        guard rows.end > inside else {
            for row in 0..<rows.end { grid.copyRow(row, of: page, columns: columns, to: area.y + 1 + row) }
            return
        }
        // Too tall: the message or hint keeps the bottom rows, the fields scroll to show the one being edited.
        let foot = min(rows.end - rows.footStart, max(0, inside - 3))
        let room = inside - foot
        let top = rows.fieldTop[form.field] ?? 0
        let bottom = rows.fieldTop.values.filter { $0 > top }.min() ?? rows.footStart
        var offset = max(0, min(top, bottom - room))
        offset = max(0, min(offset, rows.footStart - room))
        for row in 0..<room where offset + row < rows.footStart {
            grid.copyRow(offset + row, of: page, columns: columns, to: area.y + 1 + row)
        }
        for row in 0..<foot {
            grid.copyRow(rows.footStart + row, of: page, columns: columns, to: area.y + 1 + room + row)
        }
        let edge = area.x + area.width - 1
        if offset > 0 { grid.put("↑", x: edge, y: area.y + 1, style: .focusBorder) }
        if offset + room < rows.footStart - 1 { grid.put("↓", x: edge, y: area.y + room, style: .focusBorder) }
    }

    /// Lays the form out on `grid` from the row after `area.y`, as tall as it is; says where its rows are.
    private static func drawPage(
        _ state: AppState, form: CircleForm, area: Layout.Area, covered: Bool, into grid: inout Grid
    ) -> PageRows {
        var rows = PageRows()
        let left = area.x + 2
        let valueX = left + 12
        let right = area.x + area.width - 2
        var y = area.y + 1
        func label(_ field: CircleForm.Field) {
            rows.fieldTop[field] = y
            FormFrame.label(field.label, active: form.field == field, x: left + 1, y: y, valueX: valueX, into: &grid)
        }
        /// Writes text below the field, wrapped over up to three lines.
        func line(_ text: String, style: Style = .dim) {
            var rest = text
            var lines = 0
            while !rest.isEmpty && y < area.y + area.height - 1 {
                lines += 1
                var piece =
                    lines == 3
                    ? CharWidth.truncate(rest, to: right - valueX) : CharWidth.prefix(rest, fitting: right - valueX)
                // Wrap after a "  ·  " between two parts, else at a word boundary when the cut falls inside a word
                // (and a space leaves most of the line).
                if lines < 3, piece.count < rest.count, let separator = piece.range(of: "  ·  ", options: .backwards) {
                    piece = String(piece[..<separator.upperBound])
                } else if lines < 3, piece.count < rest.count,
                    let space = piece.lastIndex(where: { $0 == " " || $0 == "," }),
                    piece.distance(from: piece.startIndex, to: space) > piece.count / 2
                {
                    // Between words, or after a comma of JSON (`{"event":"…",` then `"title":…}`).
                    piece = String(piece[...space])
                }
                grid.put(piece, x: valueX, y: y, style: style, limit: right)
                rest = lines == 3 ? "" : String(rest.dropFirst(piece.count))
                y += 1
            }
        }

        // 1. Event
        label(.event)
        let applies = form.eventApplies
        var column = grid.put("◂ ", x: valueX, y: y, style: .dim)
        column = grid.put(
            form.event, x: column, y: y, style: form.field == .event ? .selected : .input, limit: right, marksCut: true)
        column = grid.put(" ▸", x: column, y: y, style: .dim, limit: right, marksCut: true)
        grid.put(
            applies ? "  applies to this view" : "  does not apply to this view", x: column, y: y,
            style: applies ? .ok : .warning, limit: right, marksCut: true)
        y += 1

        // 2. Location
        label(.location)
        y = FormFrame.location(
            form.pattern, anyIndex: form.anyIndex, cursor: form.field == .location ? form.locationCursor : nil,
            x: valueX, y: y, right: right, bottom: area.y + area.height - 1, into: &grid)
        if form.field == .location, form.pattern.segments.indices.contains(form.locationCursor) {
            line(LocationWords.describe(form, cursor: form.locationCursor), style: .match)
        }
        let preview = form.preview
        if case let sdk = state.profile(of: form), sdk != .lasso {
            // A Sensors path with its row written is sent as the similar path, the row beside it.
            let shown = preview.sdkPath.map { SensorsSentPath.shown($0, profile: sdk) } ?? "no path"
            line("\(sdk.rawValue): " + shown, style: preview.sdkPath == nil ? .warning : .dim)
            if let note = preview.sdkNote { line(note, style: .warning) }
        }
        let count = preview.matchCount
        let countText = "matches \(count) view\(count == 1 ? "" : "s") on this screen"
        if count > 1 && state.profile(of: form) == .posthog {
            // A chain is the classes up to the window: it has no position to narrow.
            line(
                countText + " — a PostHog chain names classes, not positions: add a condition to tell them apart",
                style: .warning)
        } else if count > 1 && !form.pattern.hasWildcard {
            line(
                countText + " — more than one, though every index is “this one”: add a condition to tell them apart",
                style: .warning)
        } else if count > 1 && form.widensPlainIndex {
            line(
                countText
                    + " — “any” on a position matches every one of them (every tab of a tab bar?): check it is what you mean",
                style: .warning)
        } else {
            line(countText, style: count == 0 ? .error : .ok)
        }
        if let difference = preview.difference {
            // The matched views are not all alike: say how, and offer the condition that keeps the most of them.
            let keep =
                difference.majority.map {
                    "  ·  \(KeyHint.keepMajority.key) keeps the \(difference.counts[0].count): \(DisplayText.escaped($0.description))"
                } ?? ""
            line(
                "⚠ they differ in \(difference.key): " + DisplayText.escaped(difference.words) + keep, style: .warning)
        }

        // 3. Value: picked from what this view can report, nearest first
        label(.value)
        let picking = form.field == .value
        if let index = form.valueIndex {
            let choice = form.valueChoices[index]
            column = grid.put("◂ ", x: valueX, y: y, style: .dim)
            column = grid.put(
                DisplayText.escaped(JSONWriter.compact(choice.value)), x: column, y: y,
                style: picking ? .selected : .ok, limit: right, marksCut: true)
            column = grid.put(" ▸", x: column, y: y, style: .dim, limit: right, marksCut: true)
            grid.put(
                "  \(index + 1) of \(form.valueChoices.count) · \(choice.source)", x: column, y: y, style: .dim,
                limit: right, marksCut: true)
        } else if form.valueChoices.isEmpty {
            grid.put(
                "(this view has no value to pick: type a key path)", x: valueX, y: y, style: .dim, limit: right,
                marksCut: true)
        } else {
            grid.put(
                "\(KeyHint.previousChoice.key)/\(KeyHint.nextChoice.key) "
                    + (form.valueChoices.count == 1
                        ? "pick the one value this view can report"
                        : "pick one of \(form.valueChoices.count) values this view can report"),
                x: valueX, y: y, style: picking ? .selected : .dim, limit: right, marksCut: true)
        }
        y += 1
        if picking {
            // A few choices around the current one, each with the key path it becomes.
            let current = form.valueIndex ?? -1
            let first = max(0, min(current - 2, form.valueChoices.count - 5))
            for offset in first..<min(form.valueChoices.count, first + 5) where y < area.y + area.height - 1 {
                let choice = form.valueChoices[offset]
                let text =
                    DisplayText.escaped(JSONWriter.compact(choice.value)) + "  ← " + DisplayText.escaped(choice.keyPath)
                grid.put(
                    CharWidth.truncate((offset == current ? "▸ " : "  ") + text, to: right - valueX), x: valueX, y: y,
                    style: offset == current ? .match : .dim)
                y += 1
            }
        }

        // 4. Key path, with its value and the event the SDK would send
        label(.keyPath)
        // The key path takes the line: as wide as it is (and room to type), its value after it where that fits.
        let keyPathWidth = min(right - valueX, max(24, CharWidth.of(form.keyPath.text) + 2))
        column = TextFieldView.draw(
            form.keyPath, x: valueX, y: y, width: keyPathWidth, active: form.field == .keyPath, into: &grid)
        let valueText =
            form.keyPath.text.isEmpty
            ? "" : (preview.value.map { " = " + DisplayText.escaped(JSONWriter.compact($0)) } ?? " = (nothing)")
        grid.put(
            valueText, x: column + 1, y: y, style: preview.value == nil ? .warning : .ok, limit: right, marksCut: true)
        y += 1
        if preview.matchCount > 1 && !form.keyPath.text.isEmpty {
            let shown = preview.matchedValues.prefix(6).map {
                $0.map { DisplayText.escaped(JSONWriter.compact($0)) } ?? "(nothing)"
            }
            let missing = preview.matchedValues.filter { $0 == nil }.count
            line(
                "on the \(preview.matchCount) matched views: " + shown.joined(separator: ", ")
                    + (preview.matchCount > shown.count ? ", …" : "")
                    + (missing > 0 ? "  — \(missing) give\(missing == 1 ? "s" : "") nothing" : ""),
                style: missing > 0 ? .warning : .ok)
            if let mixed = preview.mixed {
                let offer =
                    preview.steady.map {
                        " · \(KeyHint.takeSteadyValue.key) takes \(DisplayText.escaped($0.keyPath)), the same field on every row"
                    }
                    ?? preview.narrowing.map {
                        " · \(KeyHint.takeSteadyValue.key) keeps \(Self.rowsThatHaveIt($0.rows)) (\(DisplayText.escaped($0.condition.description)))"
                    } ?? ". Pick a value named by what stays in the row (views[…]) or a model"
                line("⚠ not the same field on every row: \(mixed)" + offer, style: .warning)
            } else if let absent = preview.absent {
                let offer =
                    preview.narrowing.map {
                        " · \(KeyHint.takeSteadyValue.key) keeps \(Self.rowsThatHaveIt($0.rows)) (\(DisplayText.escaped($0.condition.description)))"
                    } ?? ": those rows report no value"
                line("⚠ the value is \(absent)" + offer, style: .warning)
            }
        }
        if !form.completions.isEmpty {
            line(KeyHint.complete.key + ": " + form.completions.prefix(12).joined(separator: "  "), style: .match)
        }
        if KeyPathEvaluator.nestsLists(preview.value) {
            line(
                "⚠ lists inside a list: an event carries one value. One of them alone: "
                    + (preview.singleValues.isEmpty
                        ? "(none)" : DisplayText.escaped(preview.singleValues.joined(separator: "  ·  "))),
                style: .warning)
        }
        if preview.readsPrivateText {
            line("⚠ reads a text field's text: it may be a password or a private message", style: .warning)
        }
        if !form.keyNameIsEvent {
            // A Mixpanel binding sends the key name as its event and no value: the note above says so instead.
            line("sends " + DisplayText.escaped(preview.payload), style: .dim)
        }

        // 5–9. Key name, versions, conditions, note
        for (field, text, placeholder) in [
            (
                CircleForm.Field.keyName, form.keyName,
                form.keyNameIsEvent
                    ? "the event Mixpanel SDKs send (add_to_cart)" : "the name the value is reported under"
            ),
            (
                .from, form.from,
                state.appVersion == nil && form.draft.original == nil
                    ? "the release this screen is of (asked when you save)" : "every version"
            ),
            (.until, form.until, "open (no end; a version here is the first it no longer applies to)"),
            (.conditions, form.conditions, "KEY=VALUE, …  (title=…, action=…, state.isOn=true)"),
            (.note, form.note, "for people reading the config"),
        ] {
            guard y < area.y + area.height - 1 else { break }
            label(field)
            let active = form.field == field
            if text.text.isEmpty && !active {
                grid.put(
                    CharWidth.truncate(placeholder, to: right - valueX), x: valueX, y: y, style: .dim, limit: right)
            } else {
                let end = TextFieldView.draw(text, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
                if field == .until, end + 4 < right {
                    // The end of an interval is not in it: say so where the version is.
                    grid.put(
                        CharWidth.truncate("  the first version it no longer applies to", to: right - end), x: end,
                        y: y, style: .dim)
                }
            }
            y += 1
            if field == .conditions, !form.offeredConditions.isEmpty {
                let offered = form.offeredConditions.map { DisplayText.escaped($0.description) }.joined(separator: ", ")
                line("also possible, not filled in (it changes with the order or user): " + offered, style: .dim)
            }
        }
        y += 1
        rows.footStart = y
        if let message = form.message {
            line(message.text, style: message.style)
        } else if y < area.y + area.height - 1 {
            // Where the form covers the canvas, the key that shows it is part of the hint.
            line(
                "\(KeyHint.save.key) saves  ·  \(KeyHint.cancelForm.key) cancels  ·  \(KeyHint.nextField.key)/\(KeyHint.previousField.key) fields"
                    + (covered ? "  ·  \(KeyHint.formCanvas.key) the screen" : ""),
                style: .dim)
        }
        rows.end = y
        return rows
    }
}

extension CircleFormPane {
    /// `the 2 rows that have it`, `the 1 row that has it`.
    static func rowsThatHaveIt(_ rows: Int) -> String {
        rows == 1 ? "the 1 row that has it" : "the \(rows) rows that have it"
    }
}
