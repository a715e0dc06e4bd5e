import LassoSnapshot

/// The outline: one row a view, indented, with its fold marker, segment, text, and page marker.
enum OutlinePane {
    static func draw(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        let filtered = state.outline.filtered != nil
        let title = filtered ? "Views · interactive only" : "Views"
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height, title: title,
            style: state.overlay == .none ? .focusBorder : .border)
        let rows = area.height - 2
        let width = area.width - 2
        // The rows on screen, and the shallowest of them: indentation counts from there.
        var shown: [Int] = []
        var node: Int? = state.top
        while shown.count < rows, let current = node {
            shown.append(current)
            node = state.outline.next(current)
        }
        let baseDepth = shown.map { state.snapshot.depth(of: $0) }.min() ?? 0
        for (row, current) in shown.enumerated() {
            drawRow(
                state, node: current, baseDepth: baseDepth, x: area.x + 1, y: area.y + 1 + row, width: width,
                selected: current == state.cursor, into: &grid)
        }
    }

    static func drawRow(
        _ state: AppState, node: Int, baseDepth: Int, x: Int, y: Int, width: Int, selected: Bool, into grid: inout Grid
    ) {
        let snapshot = state.snapshot
        let indent = (snapshot.depth(of: node) - baseDepth) * 2
        let maxIndent = max(0, width / 2)
        var column = x
        if indent > maxIndent {
            column = grid.put(
                String(repeating: " ", count: max(0, maxIndent - 2)) + "… ", x: column, y: y, style: .dim,
                limit: x + width, marksCut: true)
        } else {
            column += indent
        }
        let marker = state.outline.hasChildren(node) ? (state.outline.isFolded(node) ? "▸ " : "▾ ") : "  "
        let hidden = !state.geometry.visible[node]
        let base: Style = selected ? .selected : (hidden ? .dim : .normal)
        column = grid.put(marker, x: column, y: y, style: selected ? .selected : .dim, limit: x + width, marksCut: true)
        if state.configuredViews.contains(node) {
            column = grid.put(
                "● ", x: column, y: y, style: selected ? .selected : .ok, limit: x + width, marksCut: true)
        }
        if let controller = snapshot.controller(of: node) {
            column = grid.put(
                "‹" + ClassName.pathName(controller.className) + (controller.alias.map { "@" + $0 } ?? "") + "› ",
                x: column, y: y, style: selected ? .selected : .page, limit: x + width, marksCut: true)
        }
        column = grid.put(state.table.name(of: node), x: column, y: y, style: base, limit: x + width, marksCut: true)
        column = grid.put(
            " [" + state.table.segmentIndex(of: node).text + "]", x: column, y: y, style: selected ? .selected : .dim,
            limit: x + width, marksCut: true)
        if let text = snapshot.text(of: node) ?? snapshot.title(of: node) ?? snapshot.accessibilityLabel(of: node) {
            column = grid.put(
                " " + DisplayText.quoted(text, limit: 40), x: column, y: y,
                style: selected ? .selected : (hidden ? .dim : .match), limit: x + width, marksCut: true)
        }
        if hidden {
            column = grid.put(
                " (hidden)", x: column, y: y, style: selected ? .selected : .dim, limit: x + width, marksCut: true)
        }
        // A window row (a child of the document element) of another app: one comparison per row, no walk.
        if let app = state.appWindows, snapshot.parent(of: node) == 0, !app.contains(node),
            let package = state.foreignWindowName(of: node)
        {
            column = grid.put(
                " (not the app: \(package))", x: column, y: y, style: selected ? .selected : .dim, limit: x + width,
                marksCut: true)
        }
        if selected && column < x + width {
            grid.fill(x: column, y: y, width: x + width - column, height: 1, style: .selected)
        }
    }
}
