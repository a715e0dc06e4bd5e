/// The push panel: the plan for the config server, or what was sent, in the runner's own words.
enum PushPane {
    static func draw(_ panel: PushPanel, area: Layout.Area, into grid: inout Grid) {
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height, title: "Push to the config server",
            style: .focusBorder)
        var y = area.y + 1
        let width = max(10, area.width - 3)
        for line in panel.lines where y < area.y + area.height - 2 {
            let style: Style =
                panel.failed && line == panel.lines.last
                ? .error : (line.hasPrefix("  create") || line.hasPrefix("  update") ? .ok : .normal)
            // Long lines (paths, messages) wrap rather than lose their end.
            var rest = line
            repeat {
                let piece = CharWidth.prefix(rest, fitting: width)
                grid.put(piece, x: area.x + 2, y: y, style: style)
                rest = String(rest.dropFirst(max(1, piece.count)))
                y += 1
            } while !rest.isEmpty && y < area.y + area.height - 2
        }
        let hint =
            panel.busy
            ? "talking to the server…"
            : (panel.canApply
                ? "\(KeyHint.sendPush.key) sends this plan  ·  \(KeyHint.closePush.key) closes"
                : "\(KeyHint.closePush.key) closes")
                + (panel.serverOnly > 0 && !panel.busy
                    ? "  ·  \(KeyHint.pruneServerOnly.key) deletes the \(panel.serverOnly) only on the server" : "")
        grid.put(
            hint, x: area.x + 2, y: area.y + area.height - 2, style: panel.canApply ? .warning : .dim,
            limit: area.x + area.width - 1)
    }
}
