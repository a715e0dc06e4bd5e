import Foundation

/// The `?` screen: every key of every context, from the keymap table the code uses.
enum HelpScreen {
    static func draw(area: Layout.Area, into grid: inout Grid) {
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height,
            title: "Keys (\(KeyHint.closeHelp.key) closes)",
            style: .focusBorder)
        let columnWidth = max(30, (area.width - 4) / 2)
        var x = area.x + 2
        var y = area.y + 1
        for context in Keymap.Context.allCases {
            let bindings = Keymap.bindings.filter { $0.context == context }
            if y + 2 + bindings.count > area.y + area.height - 1 && x == area.x + 2 {
                x += columnWidth
                y = area.y + 1
            }
            guard y < area.y + area.height - 1 else { break }
            grid.put(context.rawValue, x: x, y: y, style: .header, limit: x + columnWidth - 1)
            y += 1
            for binding in bindings where y < area.y + area.height - 1 {
                let keys = binding.keys.map(Keymap.name(of:)).joined(separator: " ")
                let column = grid.put(
                    keys.padding(toLength: 14, withPad: " ", startingAt: 0), x: x + 1, y: y, style: .statusKey,
                    limit: x + columnWidth - 1)
                grid.put(binding.help, x: column, y: y, style: .normal, limit: x + columnWidth - 1)
                y += 1
            }
            y += 1
        }
    }

}
