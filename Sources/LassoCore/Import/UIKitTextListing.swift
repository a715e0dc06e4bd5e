/// The lines of a debugger dump sorted into views (with their nesting) and controllers; descriptions that a line
/// break cuts (a label's text with a newline) are joined back together.
struct UIKitTextListing {
    /// A view's description with its nesting level and the line it starts on.
    struct ViewLine {
        var level: Int
        var line: Int
        var view: DebugLine.View
    }

    var views: [ViewLine] = []
    var controllers: [(controller: DebugLine.Controller, presented: Bool)] = []
    var layers = 0
    var skipped = 0
    var firstSkipped = ""
    var firstLine: (number: Int, text: Substring)?

    /// How many following lines a description may run over (a label's text with line breaks).
    static let longestContinuation = 200

    init(text: String, file: String) throws(InputError) {
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let usesMarks = lines.contains { line in
            let prefix = DebugLine.prefix(of: line)
            return prefix.marks > 0 && prefix.rest.hasPrefix("<")
        }
        var number = 0
        while number < lines.count {
            let line = lines[number]
            number += 1
            let prefix = DebugLine.prefix(of: line)
            if prefix.rest.isEmpty { continue }
            if firstLine == nil { firstLine = (number, prefix.rest) }
            var parsed = DebugLine.parse(prefix.rest)
            var joined = String(prefix.rest)
            var extra = 0
            while case .incomplete = parsed {
                guard number < lines.count, extra < UIKitTextListing.longestContinuation else {
                    throw InputError(
                        file: file, line: number - extra, column: prefix.indent + prefix.marks + 1,
                        expected: "the '>' that ends the description of this view",
                        found: number >= lines.count
                            ? "the end of the file: the dump is cut short" : "\(extra) lines without it")
                }
                joined += "\n" + lines[number]
                number += 1
                extra += 1
                parsed = DebugLine.parse(Substring(joined))
            }
            let level = usesMarks ? prefix.marks : prefix.indent
            switch parsed {
            case .view(let view): views.append(ViewLine(level: level, line: number - extra, view: view))
            case .controller(let controller): controllers.append((controller, prefix.presented))
            case .layer: layers += 1
            case .other, .incomplete:
                if number == lines.count, prefix.rest.hasPrefix("<"), !text.hasSuffix("\n"), !views.isEmpty {
                    // A last line that starts a description and stops: the file was cut in the middle of it.
                    throw InputError(
                        file: file, line: number, column: prefix.indent + prefix.marks + 1,
                        expected: "a view description such as <UIView: 0x7f8e4bc0b2a0; frame = (0 0; 375 667); …>",
                        found:
                            "\"\(DisplayText.escaped(String(prefix.rest.prefix(40))))\" and the end of the file: the dump is cut short"
                    )
                }
                if skipped == 0 { firstSkipped = String(prefix.rest) }
                skipped += 1
            }
        }
    }
}
