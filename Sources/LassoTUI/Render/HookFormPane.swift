import LassoDocuments
import LassoSnapshot

/// The "hook its action" form: the view and its action, the fields, and the event the SDK would report now.
enum HookFormPane {
    static func draw(_ state: AppState, form: HookForm, area: Layout.Area, into grid: inout Grid) {
        let snapshot = state.table.snapshot
        FormFrame.box(
            area, title: "Hook its action · " + DisplayText.escaped(state.table.name(of: form.node)), into: &grid)
        let left = area.x + 2
        let valueX = left + 10
        let right = area.x + area.width - 2
        let bottom = area.y + area.height - 1
        var y = area.y + 1
        let actions = snapshot.actions(of: form.node).joined(separator: " ")
        grid.put(
            "Actions: " + DisplayText.escaped(actions) + "  · values read on "
                + DisplayText.escaped(state.table.name(of: form.instance)), x: left, y: y, style: .dim, limit: right,
            marksCut: true)
        y += 2
        for field in HookForm.Field.allCases where y < bottom - 1 {
            let active = form.field == field
            FormFrame.label(field.label, active: active, x: left + 1, y: y, valueX: valueX, into: &grid)
            switch field {
            case .className:
                TextFieldView.draw(form.className, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
            case .selector:
                TextFieldView.draw(form.selector, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
            case .event:
                let end = TextFieldView.draw(
                    form.event, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
                if form.event.text.isEmpty {
                    grid.put(
                        "the event reported when the method runs (add_to_cart_click)", x: end + 1, y: y, style: .dim,
                        limit: right, marksCut: true)
                }
            case .from:
                TextFieldView.draw(form.from, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
            case .note:
                TextFieldView.draw(form.note, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
            case .when:
                let text =
                    form.condition.map { HookRuleText.write(HookRule(when: [$0], event: "…")) }
                    .map { String($0.dropLast(" => …".count)) } ?? "always (a fixed event) · ←/→ pick a condition"
                grid.put(
                    DisplayText.escaped(text), x: valueX, y: y, style: active ? .input : .normal, limit: right,
                    marksCut: true)
            case .value:
                let text = form.reported.map { "\($0.name) = \($0.source)" } ?? "none · ←/→ pick a value to report"
                grid.put(
                    DisplayText.escaped(text), x: valueX, y: y, style: active ? .input : .normal, limit: right,
                    marksCut: true)
            }
            y += 1
        }
        y += 1
        if y < bottom, case .success(let config) = form.draft.build(stamp: state.nextStamp) {
            let record = HookEvaluation.on(view: form.instance, in: snapshot).record(for: config)
            let text =
                record.map { "Here: " + JSONWriter.compact($0) } ?? "Here: no event (the condition does not hold)"
            grid.put(DisplayText.escaped(text), x: left, y: y, style: .dim, limit: right, marksCut: true)
            y += 1
        }
        if y < bottom {
            grid.put("Enter saves  ·  Esc cancels  ·  ↓/↑ fields", x: left, y: y, style: .dim, limit: right)
            y += 1
        }
        if let message = form.message {
            FormFrame.wrapped(
                message.text, style: message.style, x: left, y: y, right: right, bottom: bottom, into: &grid)
        }
    }
}
