/// Draws the whole screen for a state: a pure function from (state, size) to a grid of cells.
public enum Renderer {
    public static func render(_ state: AppState) -> Grid {
        var grid = Grid(width: state.size.width, height: state.size.height)
        if state.isTooSmall {
            TooSmallScreen.draw(state.size, into: &grid)
            return grid
        }
        let layout = state.layout
        StatusBar.drawBreadcrumb(state, area: layout.breadcrumb, into: &grid)
        if layout.outline.width > 0 { OutlinePane.draw(state, area: layout.outline, into: &grid) }
        // A question is drawn over what it was asked about, which stays as it was (marks, selection, fields).
        let shown = state.overlay.isQuestion ? state.underQuestion : state.overlay
        // A panel (form, list, push, notes) goes beside the canvas where there is room, over it where not.
        let panelHidesCanvas = layout.panel.contains(x: layout.canvas.x, y: layout.canvas.y)
        switch shown {
        case .circle(let form):
            if state.formShowsCanvas && panelHidesCanvas {
                // The canvas in the form's place covers what is under it, whatever width its picture takes.
                grid.fill(x: layout.panel.x, y: layout.panel.y, width: layout.panel.width, height: layout.panel.height)
                CanvasPane.draw(state, area: layout.panel, into: &grid)
            } else {
                CircleFormPane.draw(state, form: form, area: layout.panel, into: &grid)
            }
        case .event(let form):
            if state.formShowsCanvas && panelHidesCanvas {
                grid.fill(x: layout.panel.x, y: layout.panel.y, width: layout.panel.width, height: layout.panel.height)
                CanvasPane.draw(state, area: layout.panel, into: &grid)
            } else {
                EventFormPane.draw(state, form: form, area: layout.panel, into: &grid)
            }
        case .configs(let list):
            ConfigsPane.draw(state, list: list, area: layout.panel, into: &grid)
        case .push(let panel):
            PushPane.draw(panel, area: layout.panel, into: &grid)
        case .versions(let form):
            VersionsPane.draw(state, form: form, area: layout.panel, into: &grid)
        case .hook(let form):
            HookFormPane.draw(state, form: form, area: layout.panel, into: &grid)
        case .notes(let top):
            NotesPane.draw(state, top: top, area: layout.panel, into: &grid)
        default:
            if layout.details.width > 0 { DetailsPane.draw(state, area: layout.details, into: &grid) }
        }
        switch shown {
        case .circle, .configs, .push, .versions, .notes, .event, .hook:
            if !panelHidesCanvas { CanvasPane.draw(state, area: layout.canvas, into: &grid) }
        default:
            CanvasPane.draw(state, area: layout.canvas, into: &grid)
        }
        if state.overlay == .help {
            HelpScreen.draw(
                area: Layout.Area(x: 0, y: 0, width: state.size.width, height: state.size.height - 1),
                top: state.helpTop, into: &grid)
        }
        QuestionPane.draw(state, into: &grid)
        if case .askApp(let question) = state.overlay { AppQuestionPane.draw(state, question: question, into: &grid) }
        StatusBar.drawStatus(state, area: layout.status, into: &grid)
        // Help and questions are drawn over the canvas: a picture in the terminal's pixels would hide them.
        if state.overlay == .help || shown != state.overlay { grid.pixels = nil }
        return grid
    }
}

/// The screen shown instead of the UI when the terminal is too small for it.
enum TooSmallScreen {
    static func draw(_ size: Size, into grid: inout Grid) {
        let lines = [
            "Terminal too small (\(size.width)×\(size.height)).",
            "lasso needs \(Layout.minimumWidth)×\(Layout.minimumHeight).",
            "Make it larger, or press \(KeyHint.quitWhenTooSmall.key).",
        ]
        for (row, line) in lines.enumerated() where row < size.height {
            grid.put(CharWidth.truncate(line, to: size.width), x: 0, y: row, style: row == 0 ? .warning : .normal)
        }
    }
}
