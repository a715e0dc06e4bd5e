import LassoSnapshot

/// Turns an Appium / WebDriverAgent (XCUITest) page source into a lasso snapshot.
///
/// The element type is the class (`XCUIElementTypeButton`), with the UIKit superclasses it stands for (`UIButton`,
/// `UIControl`, …) so that cells, controls and events are recognized; `name` becomes `accessibilityIdentifier`
/// (unless it only repeats `label`, as WebDriverAgent does when no identifier is set), `label` becomes
/// `accessibilityLabel`, `value` becomes the text of static texts and text inputs, the label a button's title;
/// `x`, `y`, `width`, `height` (window coordinates) become frames relative to the parent; `visible="false"` is
/// hidden; every attribute is also kept under `properties`.
enum AppiumImporter {
    /// WebDriverAgent's attribute order, for `properties`.
    static let attributeOrder = [
        "type", "value", "name", "label", "enabled", "visible", "accessible", "x", "y", "width", "height",
        "index", "hittable", "placeholderValue", "selected", "focused", "traits",
    ]

    /// The UIKit superclasses an XCUIElementType stands for; unknown types are plain views.
    static func superclasses(of type: String, parentType: String?) -> [String] {
        switch type.hasPrefix("XCUIElementType") ? String(type.dropFirst("XCUIElementType".count)) : type {
        case "Application": return []
        case "Window": return ["UIWindow"] + UIKitChains.view
        case "Button": return UIKitChains.button
        case "StaticText": return UIKitChains.label
        case "TextField", "SecureTextField": return UIKitChains.textField
        case "SearchField": return ["UISearchTextField"] + UIKitChains.textField
        case "TextView": return ["UITextView"] + UIKitChains.scrollView
        case "Image", "Icon": return ["UIImageView"] + UIKitChains.view
        case "Switch", "Toggle": return ["UISwitch"] + UIKitChains.control
        case "Slider": return ["UISlider"] + UIKitChains.control
        case "Stepper": return ["UIStepper"] + UIKitChains.control
        case "SegmentedControl": return ["UISegmentedControl"] + UIKitChains.control
        case "PageIndicator": return ["UIPageControl"] + UIKitChains.control
        case "DatePicker": return ["UIDatePicker"] + UIKitChains.control
        case "Picker": return ["UIPickerView"] + UIKitChains.view
        case "Table": return UIKitChains.tableView
        case "CollectionView": return UIKitChains.collectionView
        case "ScrollView": return UIKitChains.scrollView
        case "Cell":
            return parentType == "XCUIElementTypeCollectionView" ? UIKitChains.collectionCell : UIKitChains.tableCell
        case "NavigationBar": return ["UINavigationBar"] + UIKitChains.view
        case "TabBar": return ["UITabBar"] + UIKitChains.view
        case "Toolbar": return ["UIToolbar"] + UIKitChains.view
        case "ActivityIndicator": return ["UIActivityIndicatorView"] + UIKitChains.view
        case "ProgressIndicator": return ["UIProgressView"] + UIKitChains.view
        case "WebView": return ["WKWebView"] + UIKitChains.view
        default: return UIKitChains.view
        }
    }

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
                file: file, line: 1, column: 1, expected: "XCUIElementType… elements (an Appium page source)",
                found: "no element but <AppiumAUT>")
        }
        var notes = [
            "Appium page sources have no view controllers: the window is the page, and paths start at the root element (\(ClassName.pathName(state.rootClass))[0])"
        ]
        if state.cells > 0 {
            notes.append(
                "Appium page sources have no index paths: a cell's row is its place among its list's cells in the dump")
        }
        if state.missingFrames > 0 {
            notes.append(
                "\(state.missingFrames) element\(state.missingFrames == 1 ? " has" : "s have") no x, y, width and height: no frame"
            )
        }
        if state.extraRoots > 0 {
            notes.append(
                "\(state.extraRoots) more top-level element\(state.extraRoots == 1 ? " was" : "s were") put under the first one"
            )
        }
        if options.appKey == nil, let bundle = state.bundleId {
            notes.append(
                "the app key is the application's bundle id, \(bundle) (--app-key names another); the page source has no app version (--app-version)"
            )
        }
        return ImportedSnapshot.fromXML(
            state.tree, format: .appium, platform: "ios", screen: state.screen, file: file, options: options,
            notes: notes, indexNote: state.stack.indexNote, strayText: reader.strayText, appKey: state.bundleId)
    }

    /// What the reader builds while the parser runs.
    private final class State {
        let file: String
        var tree: ImportedTree
        var stack = ElementStack()
        var types: [String] = []
        var rootClass = "XCUIElementTypeApplication"
        var screen: (width: Double, height: Double)?
        var cells = 0
        var missingFrames = 0
        var extraRoots = 0
        /// The `bundleId` WebDriverAgent writes on the application element (recent versions), when usable as a key.
        var bundleId: String?

        init(file: String, tree: ImportedTree) {
            self.file = file
            self.tree = tree
        }

        func start(_ element: XMLDumpReader.Element) throws(InputError) {
            if element.name == "AppiumAUT" {
                stack.open(row: nil, index: nil)
                return
            }
            let attributes = element.attributes
            let type = nonEmpty(attributes["type"]) ?? element.name
            var parent = stack.parent
            if parent == nil && !tree.isEmpty {
                parent = 0
                extraRoots += 1
            }
            var fields = JSONObject()
            fields.reserveCapacity(16)
            fields["class"] = .string(type)
            let chain = AppiumImporter.superclasses(of: type, parentType: parent.map { types[$0] })
            if !chain.isEmpty { fields["superclasses"] = .array(chain.map { .string($0) }) }
            if chain.first == "UITableViewCell" || chain.first == "UICollectionViewCell" { cells += 1 }
            let name = nonEmpty(attributes["name"])
            let label = nonEmpty(attributes["label"])
            let value = nonEmpty(attributes["value"])
            if attributes["visible"] == "false" { fields["hidden"] = .bool(true) }
            switch chain.first {
            case "UILabel":
                if let text = value ?? label { fields["text"] = .string(text) }
            case "UITextField", "UISearchTextField", "UITextView":
                // An empty field reports its placeholder as its value.
                if let value, value != attributes["placeholderValue"] { fields["text"] = .string(value) }
            case "UIButton":
                if let label { fields["title"] = .string(label) }
            default: break
            }
            if let name, name != label { fields["accessibilityIdentifier"] = .string(name) }
            if let label { fields["accessibilityLabel"] = .string(label) }
            if let state = controlState(chain.first, value: value) { fields["state"] = .object(state) }
            fields["properties"] = .object(ImportValues.properties(attributes, order: AppiumImporter.attributeOrder))
            let frame = try windowFrame(attributes, element: element)
            if frame == nil { missingFrames += 1 }
            if tree.isEmpty {
                rootClass = type
                bundleId = nonEmpty(attributes["bundleId"]).flatMap { SafeName.isSafe($0) ? $0 : nil }
                if let frame { screen = (frame.width, frame.height) }
            }
            let row = tree.add(fields, parent: parent, windowFrame: frame)
            types.append(type)
            stack.open(row: row, index: attributes["index"])
        }

        /// The switch, slider and stepper state that `value` gives.
        private func controlState(_ kind: String?, value: String?) -> JSONObject? {
            guard let value else { return nil }
            switch kind {
            case "UISwitch":
                guard ["0", "1", "true", "false"].contains(value) else { return nil }
                return JSONObject(["isOn": .bool(value == "1" || value == "true")])
            case "UISlider":
                let percent =
                    value.hasSuffix("%")
                    ? ImportValues.number(String(value.dropLast())).map { $0 / 100 } : ImportValues.number(value)
                return percent.map { JSONObject(["value": .double($0)]) }
            case "UIStepper", "UIPageControl":
                return ImportValues.number(value).map { JSONObject(["value": .double($0)]) }
            default: return nil
            }
        }

        private func windowFrame(_ attributes: [String: String], element: XMLDumpReader.Element) throws(InputError)
            -> Rect?
        {
            let keys = ["x", "y", "width", "height"]
            let texts = keys.map { attributes[$0] }
            guard texts.allSatisfy({ $0 != nil }) else { return nil }
            let numbers = texts.map { ImportValues.number($0) }
            if let bad = numbers.firstIndex(where: { $0 == nil }) {
                throw InputError(
                    file: file, line: element.line, column: element.column,
                    jsonPath: "<\(element.name)> attribute \(keys[bad])",
                    expected: "a number", found: "\"\(DisplayText.escaped(texts[bad]!))\"")
            }
            return Rect(x: numbers[0]!, y: numbers[1]!, width: max(0, numbers[2]!), height: max(0, numbers[3]!))
        }

        private func nonEmpty(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return text
        }
    }
}
