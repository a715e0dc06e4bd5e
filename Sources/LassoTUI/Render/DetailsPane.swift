import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot

/// The details of the highlighted view: class chain, path, viewId, frame, state, texts, actions, gestures, properties.
enum DetailsPane {
    static func draw(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        grid.box(x: area.x, y: area.y, width: area.width, height: area.height, title: "Details", style: .border)
        let lines = self.lines(state, width: area.width - 2)
        let rows = area.height - 2
        // When they do not all fit, the last row says how many more there are instead of covering one of them.
        let shown = lines.count > rows ? rows - 1 : rows
        for (row, line) in lines.prefix(max(0, shown)).enumerated() {
            let y = area.y + 1 + row
            var column = grid.put(
                // A label as wide as the column ("a11y label") keeps a space before its value.
                line.label.padding(toLength: max(10, line.label.count + 1), withPad: " ", startingAt: 0), x: area.x + 1,
                y: y, style: .label,
                limit: area.x + area.width - 1)
            // A value too long for its place ends in `…`: cut bare, a number would read as another.
            let value = CharWidth.truncate(line.value, to: area.x + area.width - 1 - column)
            column = grid.put(value, x: column, y: y, style: line.style, limit: area.x + area.width - 1)
        }
        if lines.count > rows && rows > 0 {
            // The longest words that fit the pane whole: a cut hint says nothing.
            let more = "… \(lines.count - shown) more"
            let hint = CharWidth.fitting(
                [
                    more + " (z shows the screen larger; the CLI's inspect shows all)",
                    more + " (lasso inspect shows all)", more,
                ],
                in: area.width - 2)
            grid.put(hint, x: area.x + 1, y: area.y + area.height - 2, style: .dim, limit: area.x + area.width - 1)
        }
    }

    struct Line {
        var label: String
        var value: String
        var style: Style = .normal
    }

    static func lines(_ state: AppState, width: Int) -> [Line] {
        let snapshot = state.snapshot
        let node = state.cursor
        let table = state.table
        var lines: [Line] = []
        let runtime = snapshot.className(of: node)
        let name = table.name(of: node)
        lines.append(Line(label: "Class", value: name == runtime ? name : "\(name)  (\(runtime))"))
        // An Android view keeps its Android chain; the UIKit class its events follow is said apart.
        let chain = snapshot.platformSuperclasses(of: node)
        if !chain.isEmpty { lines.append(Line(label: "Chain", value: chain.joined(separator: " › "), style: .dim)) }
        if let equivalent = snapshot.uikitEquivalent(of: node), equivalent != "UIView" {
            lines.append(Line(label: "Events as", value: "a " + equivalent + " (which events apply)", style: .dim))
        }
        if let controller = snapshot.controller(of: node) {
            var text = ClassName.pathName(controller.className)
            if let title = controller.title { text += "  " + DisplayText.quoted(title) }
            if let alias = controller.alias { text += "  alias " + alias }
            lines.append(Line(label: "Page of", value: text, style: .page))
        }
        let path =
            node == 0 && table.documentRoot
            ? "none: <\(table.snapshot.className(of: 0))> is no view"
            : table.profile.notation.write(table.path(of: node))
        let profile = state.settings.sdkProfile
        if profile != .lasso, let dialect = state.matcher?.dialect(profile) {
            // The path the SDK sends, the fields it sends beside it, and lasso's own path below them.
            let sent = dialect.sentLocation(of: node)
            let sdkPath = sent.map { DisplayText.escaped($0.path) } ?? "none: \(profile.rawValue) sends no path here"
            for (index, piece) in wrap(sdkPath, width: max(10, width - 10)).enumerated() {
                lines.append(Line(label: index == 0 ? "Path" : "", value: piece, style: .match))
            }
            for field in sent?.fields ?? [] where !field.value.isEmpty && !["xpath", "xcontent"].contains(field.name) {
                let label = field.name == "$element_position" ? "Row" : field.name == "$screen_name" ? "Screen" : nil
                guard let label else { continue }
                lines.append(Line(label: label, value: DisplayText.escaped(field.value), style: .dim))
            }
            for (index, piece) in wrap(path, width: max(10, width - 10)).enumerated() {
                lines.append(Line(label: index == 0 ? "lasso" : "", value: piece, style: .dim))
            }
        } else {
            for (index, piece) in wrap(path, width: max(10, width - 10)).enumerated() {
                lines.append(Line(label: index == 0 ? "Path" : "", value: piece, style: .match))
            }
        }
        lines.append(Line(label: "viewId", value: table.viewId(of: node), style: .dim))
        if let sdk = snapshot.sdkViewPath(of: node), !NodeReport(table).sdkPathAgrees(node, sdk) {
            lines.append(Line(label: "SDK path", value: DisplayText.escaped(sdk) + "  (differs)", style: .warning))
        }
        if let frame = snapshot.frame(of: node) {
            var text = "\(number(frame.x)),\(number(frame.y))  \(number(frame.width))×\(number(frame.height))"
            if let window = state.geometry.frame(of: node) {
                text += "   on screen \(number(Double(window.x))),\(number(Double(window.y)))"
            }
            lines.append(Line(label: "Frame", value: text))
        }
        var flags: [String] = []
        if snapshot.isHidden(of: node) { flags.append("hidden") }
        if let alpha = snapshot.alpha(of: node), alpha < 1 { flags.append("alpha \(number(alpha))") }
        if let indexPath = snapshot.indexPath(of: node) {
            flags.append("indexPath \(indexPath.section):\(indexPath.row)")
        }
        if !flags.isEmpty { lines.append(Line(label: "Shown", value: flags.joined(separator: ", "), style: .warning)) }
        for (key, value) in NodeReport(table).texts(of: node) {
            lines.append(Line(label: label(for: key), value: DisplayText.quoted(value, limit: 200)))
        }
        if let state = snapshot.state(of: node), !state.isEmpty {
            lines.append(
                Line(
                    label: "State",
                    value: state.members.map { "\($0.key)=\(DisplayText.escaped($0.value.plainText))" }.joined(
                        separator: "  ")))
        }
        let actions = snapshot.actions(of: node)
        if !actions.isEmpty {
            lines.append(Line(label: "Actions", value: actions.map(DisplayText.escaped).joined(separator: " ")))
        }
        let gestures = snapshot.gestures(of: node)
        if !gestures.isEmpty {
            lines.append(Line(label: "Gestures", value: gestures.map(DisplayText.escaped).joined(separator: " ")))
        }
        lines.append(
            Line(
                label: "Events",
                value: EventType.applicable(to: node, in: snapshot).map(\.rawValue).joined(separator: ", "), style: .ok)
        )
        lines += numbers(state, node: node)
        if let properties = snapshot.properties(of: node) {
            lines.append(Line(label: "Properties", value: ""))
            appendTree(properties, depth: 1, into: &lines)
        }
        return lines
    }

    /// The named events that count taps on the view, and (with logs) the taps counted: on the view itself, on each
    /// config that matches it, for each event.
    private static func numbers(_ state: AppState, node: Int) -> [Line] {
        var lines: [Line] = []
        let counted = !state.logs.isEmpty
        /// The count first, so that a narrow pane cuts the name, not the number.
        func number(_ value: Int?) -> String {
            guard counted else { return "" }
            if let value { return DetailsPane.number(Double(value)) + " · " }
            return state.counting ? "counting… · " : "not counted · "
        }
        if counted {
            let taps = state.counts?.views[node]
            let text = taps.map { DetailsPane.number(Double($0)) } ?? (state.counting ? "counting…" : "0")
            lines.append(Line(label: "Taps", value: text + " on this view in the logs", style: .ok))
            for entry in state.appConfigs where state.configMatches[entry.config.id]?.contains(node) == true {
                let config = entry.config
                lines.append(
                    Line(
                        label: "Config",
                        value: number(state.taps(ofConfig: config.id)) + "\(config.keyName) (\(config.viewEvent))",
                        style: .ok))
            }
        }
        for entry in state.appDefinitions where state.definitionMatches[entry.definition.id]?.contains(node) == true {
            let definition = entry.definition
            lines.append(
                Line(
                    label: "Event",
                    value: number(state.count(ofDefinition: definition.id))
                        + "“\(DisplayText.escaped(definition.name))” \(definition.key)",
                    style: .match))
        }
        return lines
    }

    private static func label(for key: String) -> String {
        switch key {
        case "accessibilityIdentifier": return "a11y id"
        case "accessibilityLabel": return "a11y label"
        case "imageName": return "Image"
        default: return key.prefix(1).uppercased() + key.dropFirst()
        }
    }

    /// Flattens a JSON value into indented lines, at most a few hundred.
    private static func appendTree(_ value: JSONValue, depth: Int, into lines: inout [Line]) {
        guard lines.count < 400 else { return }
        let indent = String(repeating: "  ", count: depth)
        switch value {
        case .object(let object):
            for member in object.members {
                switch member.value {
                case .object, .array:
                    lines.append(Line(label: "", value: indent + DisplayText.escaped(member.key)))
                    appendTree(member.value, depth: depth + 1, into: &lines)
                default:
                    lines.append(
                        Line(
                            label: "",
                            value: indent + DisplayText.escaped(member.key) + ": "
                                + DisplayText.escaped(JSONWriter.compact(member.value))))
                }
            }
        case .array(let items):
            if items.allSatisfy({ $0.objectValue == nil && $0.arrayValue == nil }) {
                lines.append(Line(label: "", value: indent + DisplayText.escaped(JSONWriter.compact(value))))
            } else {
                for (index, item) in items.enumerated() {
                    lines.append(Line(label: "", value: indent + "[\(index)]"))
                    appendTree(item, depth: depth + 1, into: &lines)
                }
            }
        default:
            lines.append(Line(label: "", value: indent + DisplayText.escaped(JSONWriter.compact(value))))
        }
    }

    /// Splits a path into lines of at most `width` columns, preferring to break after a `/`.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for piece in text.split(separator: "/", omittingEmptySubsequences: false).enumerated().map({
            $0.offset == 0 ? String($0.element) : "/" + $0.element
        }) {
            if CharWidth.of(current + piece) > width && !current.isEmpty {
                lines.append(current)
                current = ""
            }
            current += piece
            while CharWidth.of(current) > width {
                let head = CharWidth.prefix(current, fitting: width)
                lines.append(head)
                current = String(current.dropFirst(head.count))
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func number(_ value: Double) -> String { JSONValue.double((value * 100).rounded() / 100).plainText }
}
