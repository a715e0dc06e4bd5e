import LassoDocuments
import LassoSnapshot

/// The versions-and-note form of a config that matches no view here: what the config is, and its three fields.
enum VersionsPane {
    static func draw(_ state: AppState, form: VersionsForm, area: Layout.Area, into grid: inout Grid) {
        let name = form.original.map { "\($0.keyName) (\($0.viewEvent))" } ?? ""
        FormFrame.box(area, title: "Versions and note · " + name, into: &grid)
        let left = area.x + 2
        let valueX = left + 12
        let right = area.x + area.width - 2
        var y = area.y + 1
        let about = [
            "This config matches no view on this screen, so only its versions and note can be changed here.",
            "Path: " + DisplayText.escaped(form.original?.viewPathText ?? ""),
            "Reports: " + DisplayText.escaped(form.original?.keyPath ?? "") + " as "
                + DisplayText.escaped(form.original?.keyName ?? ""),
        ]
        for text in about {
            y = FormFrame.wrapped(
                text, style: .dim, x: left, y: y, right: right, bottom: area.y + area.height - 2, into: &grid)
        }
        y += 1
        for field in VersionsForm.Field.allCases where y < area.y + area.height - 2 {
            let active = form.field == field
            FormFrame.label(field.label, active: active, x: left + 1, y: y, valueX: valueX, into: &grid)
            let text: TextField
            switch field {
            case .from: text = form.from
            case .until: text = form.until
            case .note: text = form.note
            }
            TextFieldView.draw(text, x: valueX, y: y, width: right - valueX, active: active, into: &grid)
            y += 1
        }
        grid.put(
            "From and Until are app versions such as 5.3.0; empty means open.", x: left, y: y + 1, style: .dim,
            limit: right, marksCut: true)
        if let message = form.message {
            FormFrame.wrapped(
                message.text, style: message.style, x: left, y: y + 3, right: right, bottom: area.y + area.height - 1,
                into: &grid)
        }
    }
}
