/// The activities of `adb shell dumpsys activity top` text: each `ACTIVITY` line, whether it is resumed, and the view
/// lines of its `View Hierarchy:` section with their nesting depth.
///
/// A section runs from its `View Hierarchy:` line to the next line indented no deeper than it; depths come from the
/// indentation, compared with the lines above (so any indent width works); a view line at the heading's own indent
/// (a copy that lost one level of indent) belongs to the section too. Text with view lines but no
/// `View Hierarchy:` heading (the section pasted alone) is one unnamed activity.
struct DumpsysListing {
    /// One view line.
    struct ViewLine {
        var depth: Int
        var text: Substring
        var line: Int
        var column: Int
    }

    /// One activity and its views.
    struct Activity {
        var name: String?
        var task: String?
        var line: Int
        var resumed = false
        var views: [ViewLine] = []
    }

    private(set) var activities: [Activity] = []
    /// The number of the last line when the text does not end with a line break: a dump cut short ends mid-line
    /// (`adb` always ends its output with one).
    private(set) var unfinishedLine: Int?

    init(text: String) {
        var task: String?
        var current: Activity?
        // The indentation of the `View Hierarchy:` line while inside a section, and the indents of the open views.
        var sectionIndent: Int?
        var indents: [Int] = []
        var lineNumber = 0
        var pastedViews: [ViewLine] = []
        // Lines are split and measured on the bytes (a line break and an indent are ASCII), which is many times
        // quicker than walking characters.
        for rawBytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let lineBytes = rawBytes.last == UInt8(ascii: "\r") ? rawBytes.dropLast() : rawBytes
            let indent = lineBytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let body = Substring(lineBytes.dropFirst(indent))
            if body.isEmpty { continue }
            if let open = sectionIndent {
                // Some copies put the views' root at the heading's own indent: a view line there still belongs.
                let rootBesideHeading =
                    indent == open && (body.hasPrefix("DecorView@") || DumpsysViewLine.looksLikeView(body))
                if indent > open || rootBesideHeading {
                    while let last = indents.last, last >= indent { indents.removeLast() }
                    current?.views.append(
                        ViewLine(depth: indents.count, text: body, line: lineNumber, column: indent + 1))
                    indents.append(indent)
                    continue
                }
                sectionIndent = nil
            }
            if body.hasPrefix("TASK ") {
                task = body.dropFirst(5).split(separator: " ").first.map(String.init)
            } else if body.hasPrefix("ACTIVITY ") {
                if let current { activities.append(current) }
                current = Activity(
                    name: body.dropFirst(9).split(separator: " ").first.map(String.init), task: task, line: lineNumber)
            } else if body.hasPrefix("View Hierarchy:") {
                if current == nil { current = Activity(name: nil, task: task, line: lineNumber) }
                sectionIndent = indent
                indents = []
            } else if body.utf8.contains("mResumed=true".utf8) {
                current?.resumed = true
            } else if current == nil, body.hasPrefix("DecorView@") || DumpsysViewLine.looksLikeView(body) {
                while let last = indents.last, last >= indent { indents.removeLast() }
                pastedViews.append(ViewLine(depth: indents.count, text: body, line: lineNumber, column: indent + 1))
                indents.append(indent)
            }
        }
        if let current { activities.append(current) }
        if let last = text.utf8.last, last != UInt8(ascii: "\n") { unfinishedLine = lineNumber }
        if activities.allSatisfy({ $0.views.isEmpty }) && !pastedViews.isEmpty {
            activities = [Activity(name: nil, task: nil, line: pastedViews[0].line, views: pastedViews)]
        }
    }
}
