import LassoCore

/// Draws the whole screen for a state: a pure function from (state, size) to a grid of cells.
public enum Renderer {
    public static func render(_ state: AppState) -> Grid {
        var grid = Grid(width: state.size.width, height: state.size.height)
        if state.isTooSmall {
            TooSmallScreen.draw(state.size, into: &grid)
            return grid
        }
        let layout = Layout(state.size)
        StatusBar.drawBreadcrumb(state, area: layout.breadcrumb, into: &grid)
        OutlinePane.draw(state, area: layout.outline, into: &grid)
        // A question is drawn over what it was asked about, which stays as it was (marks, selection, fields).
        let shown: AppState.Overlay
        switch state.overlay {
        case .confirmQuit, .confirmDiscard, .confirmDelete: shown = state.underQuestion
        default: shown = state.overlay
        }
        switch shown {
        case .circle(let form):
            CircleFormPane.draw(state, form: form, area: rightArea(layout), into: &grid)
        case .configs(let list):
            ConfigsPane.draw(state, list: list, area: rightArea(layout), into: &grid)
        case .push(let panel):
            PushPane.draw(panel, area: rightArea(layout), into: &grid)
        default:
            DetailsPane.draw(state, area: layout.details, into: &grid)
            WireframePane.draw(state, area: layout.wireframe, into: &grid)
        }
        if state.overlay == .help {
            HelpScreen.draw(
                area: Layout.Area(x: 0, y: 0, width: state.size.width, height: state.size.height - 1), into: &grid)
        }
        StatusBar.drawStatus(state, area: layout.status, into: &grid)
        return grid
    }

    /// The area right of the outline: details and wireframe together.
    static func rightArea(_ layout: Layout) -> Layout.Area {
        Layout.Area(
            x: layout.details.x, y: layout.details.y, width: layout.details.width,
            height: layout.details.height + layout.wireframe.height)
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
