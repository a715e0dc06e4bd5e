import Foundation

/// The `?` screen: every key of every context, from the keymap table the code uses, in as many columns as fit,
/// what a key does wrapped under it (never cut), scrolled with the keys of the help context when it is longer.
enum HelpScreen {
    /// One line of the help: a context's name, or a binding's keys (on its first line) and a piece of what it does.
    struct Line: Equatable {
        var keys: String
        var text: String
        var isHeader: Bool
    }

    static let keysWidth = 14
    static let minimumColumn = 40

    /// How many columns of help fit in `width`, and how wide each is.
    static func columns(width: Int) -> (count: Int, width: Int) {
        let inner = width - 4
        let count = max(1, min(3, inner / minimumColumn))
        return (count, inner / count)
    }

    /// Every line of the help for columns `columnWidth` wide.
    static func lines(columnWidth: Int) -> [Line] {
        var lines: [Line] = []
        for context in Keymap.Context.allCases {
            let bindings = Keymap.bindings.filter { $0.context == context }
            if !lines.isEmpty { lines.append(Line(keys: "", text: "", isHeader: false)) }
            lines.append(Line(keys: "", text: context.rawValue, isHeader: true))
            for binding in bindings {
                let keys = binding.keys.map(Keymap.name(of:)).joined(separator: " ")
                let pieces = WordWrap.lines(binding.help, width: max(8, columnWidth - keysWidth - 2))
                for (index, piece) in pieces.enumerated() {
                    lines.append(Line(keys: index == 0 ? keys : "", text: piece, isHeader: false))
                }
            }
        }
        return lines
    }

    /// The first line shown can go no further than this on a screen of `size`.
    static func lastTop(width: Int, height: Int) -> Int {
        let (count, columnWidth) = columns(width: width)
        let rows = max(1, height - 3)
        return max(0, lines(columnWidth: columnWidth).count - rows * count)
    }

    /// The first line to show so that `context`'s keys head the screen (as far as the help scrolls).
    static func top(of context: Keymap.Context, width: Int, height: Int) -> Int {
        let lines = lines(columnWidth: columns(width: width).width)
        let header = lines.firstIndex { $0.isHeader && $0.text == context.rawValue } ?? 0
        return min(header, lastTop(width: width, height: height))
    }

    static func draw(area: Layout.Area, top: Int, into grid: inout Grid) {
        let (count, columnWidth) = columns(width: area.width)
        let all = lines(columnWidth: columnWidth)
        let rows = max(1, area.height - 2)
        let first = min(top, max(0, all.count - rows * count))
        let shown = all.dropFirst(first).prefix(rows * count)
        let last = first + shown.count
        let scrolls = all.count > rows * count
        let title =
            "Keys (\(KeyHint.closeHelp.key) closes"
            + (scrolls
                ? " · \(KeyHint.scrollHelp.key)/\(KeyHint.scrollHelpBack.key) scroll · \(first + 1)–\(last) of \(all.count))"
                : ")")
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(x: area.x, y: area.y, width: area.width, height: area.height, title: title, style: .focusBorder)
        for (offset, line) in shown.enumerated() {
            let x = area.x + 2 + (offset / rows) * columnWidth
            let y = area.y + 1 + offset % rows
            let limit = x + columnWidth - 1
            if line.isHeader {
                grid.put(line.text, x: x, y: y, style: .header, limit: limit)
                continue
            }
            grid.put(line.keys, x: x + 1, y: y, style: .statusKey, limit: x + keysWidth)
            grid.put(line.text, x: x + 1 + keysWidth, y: y, style: .normal, limit: limit)
        }
    }
}
