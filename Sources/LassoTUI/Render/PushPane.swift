/// The push panel: the plan for the config server, or what was sent, in the runner's own words.
enum PushPane {
    static func draw(_ panel: PushPanel, area: Layout.Area, into grid: inout Grid) {
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height, title: "Push to the config server",
            style: .focusBorder)
        var y = area.y + 1
        let width = max(10, area.width - 4)
        for line in panel.lines where y < area.y + area.height - 2 {
            let style: Style =
                panel.failed && line == panel.lines.last
                ? .error : (line.hasPrefix("  create") || line.hasPrefix("  update") ? .ok : .normal)
            // Long lines (paths, messages) wrap between words rather than lose their end; a step's line keeps its
            // indent on the lines after its first.
            let indent = String(line.prefix { $0 == " " })
            let wrapped = WordWrap.lines(line, width: width - indent.count - 2)
            for (index, piece) in wrapped.enumerated() where y < area.y + area.height - 2 {
                grid.put(index == 0 ? piece : indent + "  " + piece, x: area.x + 2, y: y, style: style)
                y += 1
            }
        }
        var items: [String] = []
        if panel.busy {
            items.append("talking to the server…")
        } else {
            if panel.canApply { items.append("\(KeyHint.sendPush.key) sends this plan") }
            if panel.serverOnly > 0 {
                items.append("\(KeyHint.pruneServerOnly.key) deletes the \(panel.serverOnly) only on the server")
            }
            items.append("\(KeyHint.closePush.key) closes")
        }
        // The keys wrap between items, upwards from the bottom border, never ending in a dangling separator.
        let packed = QuestionPane.pack(items, width: width, separator: "  ·  ")
        for (index, row) in packed.enumerated() {
            grid.put(
                row, x: area.x + 2, y: area.y + area.height - 1 - packed.count + index,
                style: panel.canApply ? .warning : .dim, limit: area.x + area.width - 1)
        }
    }
}
