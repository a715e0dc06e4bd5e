import LassoDocuments
import LassoSnapshot

/// The "name an event here" form: the location toggles with the match count, the values that count (picked), name,
/// key, versions, note, and the definition in plain words.
enum EventFormPane {
    static func draw(_ state: AppState, form: EventForm, area: Layout.Area, into grid: inout Grid) {
        let title =
            (form.editingID == nil ? "Name an event · " : "Edit event · ") + form.event + " on "
            + state.table.name(of: form.node)
        FormFrame.box(area, title: title, into: &grid)
        let left = area.x + 2
        let valueX = left + 10
        let right = area.x + area.width - 2
        let bottom = area.y + area.height - 1
        var y = area.y + 1
        func label(_ field: EventForm.Field) {
            FormFrame.label(field.label, active: form.field == field, x: left + 1, y: y, valueX: valueX, into: &grid)
        }
        /// Text under a field, wrapped between words over up to `most` lines.
        func line(_ text: String, style: Style = .dim, from x: Int = valueX, most: Int = 3) {
            y = FormFrame.wrapped(text, style: style, x: x, y: y, right: right, bottom: bottom, most: most, into: &grid)
        }

        // 1. Location: the same control as the circle form's.
        label(.location)
        y = FormFrame.location(
            form.pattern, anyIndex: form.anyIndex, cursor: form.field == .location ? form.locationCursor : nil,
            x: valueX, y: y, right: right, bottom: bottom, into: &grid)
        if form.field == .location, form.pattern.segments.indices.contains(form.locationCursor) {
            line(
                LocationWords.describe(
                    exactPath: form.draft.exactPath, anyIndex: form.anyIndex, cursor: form.locationCursor),
                style: .match)
        }
        let count = form.matchCount
        line("where: \(count) view\(count == 1 ? "" : "s") on this screen", style: count == 0 ? .error : .ok)
        if let records = form.records { line(records.words, style: records.path == nil ? .warning : .match) }

        // 2. Counts: the values the matched views report, picked.
        label(.content)
        let picking = form.field == .content
        if form.choices.isEmpty {
            let every = form.event == EventType.pageView.rawValue ? "every page view counts" : "every tap counts"
            line(
                form.source == nil
                    ? "(no config reports a value here: \(every))"
                    : "(the matched views report no \(form.contentKey): \(every))")
        } else {
            let what =
                form.picked.isEmpty
                ? "every tap, whatever \(form.contentKey) it reports"
                : form.picked.count == 1
                    ? "taps whose \(form.contentKey) is the value picked"
                    : "taps whose \(form.contentKey) is any of the \(form.picked.count) values picked"
            line(
                what
                    + "  ·  \(KeyHint.previousChoice.key)/\(KeyHint.nextChoice.key) choose, \(KeyHint.pickValue.key) picks",
                style: picking ? .normal : .dim)
            let first = max(0, min(form.choiceCursor - 2, form.choices.count - 5))
            for index in first..<min(form.choices.count, first + 5) where y < bottom {
                let value = form.choices[index]
                let box = form.picked.contains(value) ? "[x] " : "[ ] "
                let cursor = picking && index == form.choiceCursor
                grid.put(
                    CharWidth.truncate(box + DisplayText.escaped(value), to: right - valueX), x: valueX, y: y,
                    style: cursor ? .selected : (form.picked.contains(value) ? .ok : .dim), limit: right)
                y += 1
            }
            if form.choices.count > 5, y < bottom {
                line("\(form.choices.count) values on the matched views", style: .dim)
            }
        }
        for kept in form.keptConditions where y < bottom {
            line("kept: \(kept.key) \(kept.operation.name) …", style: .dim)
        }

        // 3–7. Name, key, versions, note.
        for (field, text, placeholder) in [
            (EventForm.Field.name, form.name, "what a person calls these taps (热门推荐入口点击)"),
            (.key, form.key, "the back end's name, made from the name"),
            (.from, form.from, "every version"),
            (.until, form.until, "open (a version here is the first it no longer counts in)"),
            (.note, form.note, "for people reading the event"),
        ] {
            guard y < bottom else { break }
            label(field)
            let active = form.field == field
            if text.text.isEmpty && !active {
                grid.put(
                    CharWidth.truncate(placeholder, to: right - valueX), x: valueX, y: y, style: .dim, limit: right)
            } else {
                TextFieldView.draw(text, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
            }
            y += 1
        }

        // The definition in plain words, live.
        y += 1
        if y < bottom {
            // The core's sentence of the definition as it stands (the name and key do not change it).
            var shown = EventDefinition(
                id: form.editingID ?? "", appKey: form.draft.appKey ?? "", name: "", key: "",
                viewEvent: form.event, viewPath: form.pattern, content: form.content)
            if let words = form.records, words.path == "" {
                // A page view of an SDK's records: the page alone.
                shown = shown.pageOnly(in: form.profile, screen: words.screen)
            }
            line("In words: " + DisplayText.escaped(shown.sentence), style: .match, from: left)
        }
        if let message = form.message {
            line(message.text, style: message.style, from: left)
        } else if y < bottom {
            let covered = area.contains(x: state.layout.canvas.x, y: state.layout.canvas.y)
            line(
                "\(KeyHint.saveEvent.key) saves  ·  \(KeyHint.cancelEvent.key) cancels"
                    + (covered ? "  ·  \(KeyHint.eventCanvas.key) the screen" : ""), from: left)
        }
    }
}
