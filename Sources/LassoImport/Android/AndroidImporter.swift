import Foundation
import LassoSnapshot

/// Turns an Android `uiautomator dump` (`<hierarchy><node class=… bounds=…>`) or an Appium UiAutomator2 page source
/// (elements named by their class) into a lasso snapshot.
///
/// The root is the `<hierarchy>` element, so a dump with several windows (several top-level nodes) keeps them all and
/// paths do not change with the number of windows. A node's class is its simple class name (`Button`), the
/// qualified one stays under `properties.class`; `text` → text (and a button's title), `content-desc` →
/// accessibilityLabel, `resource-id` → accessibilityIdentifier; `bounds` (screen pixels) become frames relative to
/// the parent; checkable+checked → `state.isOn`; clickable / long-clickable views get a tap / long-press gesture;
/// the children of a RecyclerView, ListView or GridView are cells with `indexPath` `[0, position]`.
public enum AndroidImporter {
    /// uiautomator's attribute order (and Appium's additions), for `properties`.
    static let attributeOrder = [
        "index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked", "clickable",
        "enabled", "focusable", "focused", "scrollable", "long-clickable", "password", "selected",
        "visible-to-user", "bounds", "drawing-order", "hint", "display-id", "displayed",
    ]

    static func importDump(_ bytes: [UInt8], file: String, options: ImportOptions) throws(InputError)
        -> ImportedSnapshot
    {
        try SourceText.checkXMLEncoding(bytes, file: file)
        let reader = XMLDumpReader(file: file, bytes: bytes)
        let state = State(file: file, tree: options.newTree())
        try reader.parse(
            start: { (element: XMLDumpReader.Element) throws(InputError) in try state.start(element) },
            end: { _ in state.stack.close() })
        guard !state.tree.isEmpty else {
            throw InputError(
                file: file, line: 1, column: 1, expected: "<hierarchy> or <node> elements (a uiautomator dump)",
                found: "none")
        }
        state.finishRoot()
        var notes = [
            state.rootClass == "hierarchy"
                ? "Android dumps have no activities or fragments: the window is the page, and paths start at it (FrameLayout[0]/…; the <hierarchy> element is no view and gives no segment)"
                : "Android dumps have no activities or fragments: the window is the page, and paths start at the root (\(ClassName.pathName(state.rootClass))[0])",
            "bounds are in screen pixels (the dump has no density): frames and the screen size are in pixels",
        ]
        if state.cells > 0 {
            notes.append(
                "list items (children of a RecyclerView, ListView or GridView) got indexPath [0, place among the list's items on screen]: the adapter position is not in the dump"
            )
        }
        if state.windows > 1 {
            notes.append("\(state.windows) windows (top-level nodes) are kept side by side under the root")
        }
        if state.missingClass > 0 {
            notes.append(
                "\(state.missingClass) node\(state.missingClass == 1 ? " has" : "s have") no class: lasso calls \(state.missingClass == 1 ? "it" : "them") View"
            )
        }
        if state.missingBounds > 0 {
            notes.append(
                "\(state.missingBounds) node\(state.missingBounds == 1 ? " has" : "s have") no bounds: no frame")
        }
        if state.invertedBounds > 0 { notes.append(AndroidImporter.invertedNote(state.invertedBounds)) }
        let package = state.appPackage
        if options.appKey == nil, let package {
            notes.append(
                "the app key is the dump's package, \(package) (--app-key names another); the dump has no app version (--app-version)"
            )
        }
        return ImportedSnapshot.fromXML(
            state.tree, format: .android, platform: "android", screen: state.screenSize, file: file, options: options,
            notes: notes, indexNote: state.stack.indexNote, strayText: reader.strayText, appKey: package)
    }

    /// Reads `[x1,y1][x2,y2]`.
    public static func bounds(_ text: String) -> Rect? {
        wholeBounds(text) ?? spelledBounds(text)
    }

    /// Bounds of any spelling the numbers allow (`[0.5,1e2][ 3 ,4]`): the text cut at its brackets and commas; nil
    /// for a number beyond ±1e9 pixels (1e9 itself is within), which no screen has.
    static func spelledBounds(_ text: String) -> Rect? {
        guard text.utf8.first == UInt8(ascii: "["), text.utf8.last == UInt8(ascii: "]") else { return nil }
        let numbers = text.utf8.split(whereSeparator: {
            $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ",")
        })
        guard numbers.count == 4 else { return nil }
        var values: [Double] = []
        values.reserveCapacity(4)
        for number in numbers {
            guard let piece = String(number), let value = ImportValues.number(piece), abs(value) <= 1e9 else {
                return nil
            }
            values.append(value)
        }
        return Rect(
            x: values[0], y: values[1], width: max(0, values[2] - values[0]), height: max(0, values[3] - values[1]))
    }

    /// Whether bounds that read have their second corner left of or above the first (`[500,300][100,200]`): such a
    /// frame is kept with no size, and the import says how many.
    public static func isInverted(_ text: String) -> Bool {
        let numbers = text.utf8.split(whereSeparator: {
            $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ",")
        }).compactMap { String($0).flatMap(ImportValues.number) }
        return numbers.count == 4 && (numbers[2] < numbers[0] || numbers[3] < numbers[1])
    }

    /// The note for `count` nodes whose bounds are inverted.
    static func invertedNote(_ count: Int) -> String {
        "\(count) node\(count == 1 ? " has" : "s have") inverted bounds (the second corner left of or above the first): drawn with no size, where no tap lands"
    }

    /// Bounds written as uiautomator and Maestro write them, `[x1,y1][x2,y2]` of whole numbers (each up to 9 digits,
    /// maybe negative), read from the bytes; nil for any other spelling, which `bounds` reads the general way.
    static func wholeBounds(_ text: String) -> Rect? {
        var text = text
        return text.withUTF8 { wholeBounds(bytes: $0) }
    }

    /// `wholeBounds` of text given as its UTF-8 bytes.
    static func wholeBounds(bytes: UnsafeBufferPointer<UInt8>) -> Rect? {
        var index = 0
        func take(_ byte: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { return false }
            index += 1
            return true
        }
        func number() -> Double? {
            let negative = take("-")
            var value: Int64 = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                guard digits < 9 else { return nil }
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            // As `Double("-0")` reads it: minus zero.
            return negative ? -Double(value) : Double(value)
        }
        guard take("["), let x1 = number(), take(","), let y1 = number(), take("]"), take("["),
            let x2 = number(), take(","), let y2 = number(), take("]"), index == bytes.count
        else { return nil }
        return Rect(x: x1, y: y1, width: max(0, x2 - x1), height: max(0, y2 - y1))
    }

    /// What the reader builds while the parser runs.
    private final class State {
        let file: String
        var tree: ImportedTree
        var stack = ElementStack()
        var classes = AndroidClassKinds()
        /// Per view: whether its children are list items.
        var isList: [Bool] = []
        var rootClass = "hierarchy"
        var rootHasSize = false
        var screenSize: (width: Double, height: Double)?
        var extent: (width: Double, height: Double) = (0, 0)
        var cells = 0
        var windows = 0
        var missingClass = 0
        var missingBounds = 0
        /// Nodes whose bounds have their corners the wrong way round.
        var invertedBounds = 0
        /// How many nodes name each package, to tell the app's from the system's (the status bar, the keyboard).
        var packages: [String: Int] = [:]

        init(file: String, tree: ImportedTree) {
            self.file = file
            self.tree = tree
        }

        /// The package most of the app's nodes name: the system UI's and the keyboard's are not the app.
        var appPackage: String? {
            let apps = packages.filter { !AndroidWindows.systemPackages.contains($0.key) && SafeName.isSafe($0.key) }
            return apps.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }

        func start(_ element: XMLDumpReader.Element) throws(InputError) {
            let attributes = element.attributes
            if element.name == "hierarchy" && tree.isEmpty {
                var fields = JSONObject()
                fields.reserveCapacity(16)
                fields["class"] = .string("hierarchy")
                fields["properties"] = .object(
                    ImportValues.properties(attributes, order: ["index", "class", "rotation", "width", "height"]))
                var frame: Rect?
                if let width = ImportValues.number(attributes["width"]),
                    let height = ImportValues.number(attributes["height"])
                {
                    frame = Rect(x: 0, y: 0, width: width, height: height)
                    screenSize = (width, height)
                    rootHasSize = true
                }
                tree.add(fields, parent: nil, windowFrame: frame ?? Rect(x: 0, y: 0, width: 0, height: 0))
                isList.append(false)
                stack.open(row: 0, index: nil)
                return
            }
            let parent = stack.parent
            if parent == 0 && tree[0].fields["class"] == .string("hierarchy") { windows += 1 }
            let qualified = nonEmpty(attributes["class"]) ?? (element.name == "node" ? nil : element.name)
            if qualified == nil { missingClass += 1 }
            let kind = classes.kind(of: qualified ?? "View")
            let simple = kind.simpleName
            var fields = JSONObject()
            fields.reserveCapacity(16)
            fields["class"] = kind.simple
            fields["superclasses"] = kind.superclasses
            if attributes["displayed"] == "false" || attributes["visible-to-user"] == "false" {
                fields["hidden"] = .bool(true)
            }
            if let parent, isList[parent] {
                fields["indexPath"] = .array([.int(0), .int(stack.nextPosition)])
                cells += 1
            }
            if let package = nonEmpty(attributes["package"]) { packages[package, default: 0] += 1 }
            let hint = nonEmpty(attributes["hint"])
            if let text = nonEmpty(attributes["text"]), text != hint || !kind.isTextField {
                fields["text"] = .string(text)
                if kind.isButton { fields["title"] = .string(text) }
            }
            if let identifier = nonEmpty(attributes["resource-id"]) {
                fields["accessibilityIdentifier"] = .string(identifier)
            }
            if let label = nonEmpty(attributes["content-desc"]) { fields["accessibilityLabel"] = .string(label) }
            var gestures: [JSONValue] = []
            if attributes["clickable"] == "true" { gestures.append(.string("UITapGestureRecognizer")) }
            if attributes["long-clickable"] == "true" { gestures.append(.string("UILongPressGestureRecognizer")) }
            if !gestures.isEmpty { fields["gestures"] = .array(gestures) }
            var controlState = JSONObject()
            if attributes["checkable"] == "true" { controlState["isOn"] = .bool(attributes["checked"] == "true") }
            if attributes["selected"] == "true" { controlState["selected"] = .bool(true) }
            if !controlState.isEmpty { fields["state"] = .object(controlState) }
            fields["properties"] = .object(ImportValues.properties(attributes, order: AndroidImporter.attributeOrder))
            var frame: Rect?
            if let text = attributes["bounds"] {
                guard let parsed = AndroidImporter.bounds(text) else {
                    throw InputError(
                        file: file, line: element.line, column: element.column,
                        jsonPath: "<\(element.name)> attribute bounds",
                        expected: "bounds such as [0,210][1080,420] (numbers within ±1e9)",
                        found: "\"\(DisplayText.escaped(String(text.prefix(60))))\"")
                }
                frame = parsed
                if parsed.width == 0 || parsed.height == 0, AndroidImporter.isInverted(text) { invertedBounds += 1 }
                extent = (max(extent.width, parsed.x + parsed.width), max(extent.height, parsed.y + parsed.height))
            } else {
                missingBounds += 1
            }
            if tree.isEmpty { rootClass = simple }
            let row = tree.add(fields, parent: parent, windowFrame: frame)
            isList.append(kind.isList)
            stack.open(row: row, index: attributes["index"])
        }

        /// Gives a `<hierarchy>` root without width and height the size of what it holds.
        func finishRoot() {
            guard tree[0].fields["class"] == .string("hierarchy"), !rootHasSize else { return }
            tree.setFrame(0, Rect(x: 0, y: 0, width: extent.width, height: extent.height))
            if extent.width > 0 && extent.height > 0 { screenSize = extent }
        }

        private func nonEmpty(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return text
        }
    }
}
