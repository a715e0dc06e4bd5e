import Foundation

/// Builds the view tree of a `recursiveDescription` listing: nesting from levels, fields from members, view
/// controllers by address, cell rows by position, and a button's title from its `UIButtonLabel`.
struct UIKitTextTree {
    let file: String
    var tree = ImportedTree()
    /// Per view: its class chain as path names (class first), its children, and its frame.
    private var chains: [[String]] = []
    private var children: [[Int]] = []
    private var frames: [Rect?] = []
    private var texts: [String?] = []
    private var rows: [String: Int] = [:]
    private(set) var cells = 0
    private(set) var gestureViews = 0
    private(set) var windows = 0
    private(set) var rootSize: (width: Double, height: Double)?

    init(file: String) { self.file = file }

    /// Adds the views in order, each under the nearest earlier view of a lower level; several top-level views go
    /// under one `UIApplication` root.
    mutating func build(_ lines: [UIKitTextListing.ViewLine]) throws(InputError) {
        var open: [(level: Int, row: Int)] = []
        var roots = 0
        var stack: [(level: Int, index: Int)] = []
        for (index, line) in lines.enumerated() {
            while let top = stack.last, top.level >= line.level { stack.removeLast() }
            if stack.isEmpty { roots += 1 }
            stack.append((line.level, index))
        }
        windows = roots
        var applicationRoot: Int?
        if roots > 1 {
            applicationRoot = append(
                JSONObject([
                    "class": .string("UIApplication"),
                    "superclasses": .array(UIKitChains.responder.map { .string($0) }),
                ]),
                chain: ["UIApplication"] + UIKitChains.responder, parent: nil, frame: nil, text: nil)
        }
        for line in lines {
            while let top = open.last, top.level >= line.level { open.removeLast() }
            let parent = open.last?.row ?? applicationRoot
            let (fields, chain, frame, text) = try self.fields(of: line, parent: parent)
            let row = append(fields, chain: chain, parent: parent, frame: frame, text: text)
            if rows[line.view.address] == nil { rows[line.view.address] = row }
            if parent == applicationRoot, let frame, rootSize == nil { rootSize = (frame.width, frame.height) }
            open.append((line.level, row))
        }
    }

    private mutating func append(_ fields: JSONObject, chain: [String], parent: Int?, frame: Rect?, text: String?)
        -> Int
    {
        let row = tree.add(fields, parent: parent, frame: frame)
        chains.append(chain)
        children.append([])
        frames.append(frame)
        texts.append(text)
        if let parent { children[parent].append(row) }
        return row
    }

    /// The fields of one view line.
    private mutating func fields(of line: UIKitTextListing.ViewLine, parent: Int?) throws(InputError) -> (
        JSONObject, [String], Rect?, String?
    ) {
        let view = line.view
        let name = ClassName.pathName(view.className)
        var superclasses = UIKitChains.superclasses(of: name, base: view.value("baseClass").map(ClassName.pathName))
        if superclasses.isEmpty, let parent, name.hasSuffix("Cell") {
            // A custom cell whose description has no baseClass: its list says which kind.
            if chains[parent].contains("UICollectionView") { superclasses = UIKitChains.collectionCell }
            if chains[parent].contains("UITableView") || chains[parent].contains("UITableViewWrapperView") {
                superclasses = UIKitChains.tableCell
            }
        }
        var fields = JSONObject()
        fields["class"] = .string(view.className)
        if !superclasses.isEmpty { fields["superclasses"] = .array(superclasses.map { .string($0) }) }
        var frame: Rect?
        if let text = view.value("frame") {
            frame = try parseFrame(text, line: line)
        }
        if view.value("hidden") == "YES" { fields["hidden"] = .bool(true) }
        if let alpha = view.value("alpha").flatMap(ImportValues.number) {
            fields["alpha"] = .double(min(1, max(0, alpha)))
        }
        let text = view.value("text").flatMap { $0 == "(null)" ? nil : $0 }
        if let text { fields["text"] = .string(text) }
        if let image = view.value("image").flatMap(UIKitTextTree.imageName) { fields["imageName"] = .string(image) }
        if view.value("gestureRecognizers") != nil {
            fields["gestures"] = .array([.string("UIGestureRecognizer")])
            gestureViews += 1
        }
        if let offset = view.value("contentOffset").flatMap(UIKitTextTree.pair) {
            fields["state"] = .object(JSONObject(["contentOffset": .array([.double(offset.0), .double(offset.1)])]))
        } else if let value = view.value("value").flatMap(ImportValues.number),
            superclasses.first == "UISlider" || name == "UISlider"
        {
            fields["state"] = .object(JSONObject(["value": .double(value)]))
        }
        var properties = JSONObject()
        for member in view.members where !UIKitTextImporter.mappedMembers.contains(member.key) {
            properties[member.key] = UIKitTextTree.json(member.value)
        }
        if !properties.isEmpty { fields["properties"] = .object(properties) }
        fields["address"] = .string(view.address)
        return (fields, [name] + superclasses.map(ClassName.pathName), frame, text)
    }

    private func parseFrame(_ text: String, line: UIKitTextListing.ViewLine) throws(InputError) -> Rect? {
        let inner = text.trimmingCharacters(in: CharacterSet(charactersIn: "() "))
        let halves = inner.split(separator: ";")
        let numbers = halves.flatMap { $0.split(separator: " ") }.map { $0.lowercased() }
        guard halves.count == 2, numbers.count == 4 else {
            throw InputError(
                file: file, line: line.line, column: 1,
                jsonPath: "<\(line.view.className): \(line.view.address)> frame",
                expected: "frame = (x y; width height)",
                found: "frame = \(DisplayText.escaped(String(text.prefix(60))))")
        }
        // UIKit prints a frame of NaN or infinity as "nan" / "inf": such a view has no frame lasso can use.
        if numbers.contains(where: { $0.contains("nan") || $0.contains("inf") }) { return nil }
        // A number too big for a Double (1e999) reads as infinity: refused here, at the dump's line.
        let values = numbers.compactMap { Double($0) }.filter(\.isFinite)
        guard values.count == 4 else {
            throw InputError(
                file: file, line: line.line, column: 1,
                jsonPath: "<\(line.view.className): \(line.view.address)> frame",
                expected: "frame = (x y; width height) with four numbers (each at most about 1.8e308)",
                found: "frame = \(DisplayText.escaped(String(text.prefix(60))))")
        }
        return Rect(x: values[0], y: values[1], width: max(0, values[2]), height: max(0, values[3]))
    }

    /// Attaches each controller to the view whose address its `view:` names; returns how many views were not found.
    mutating func attach(_ controllers: [(controller: DebugLine.Controller, presented: Bool)]) -> (
        attached: Int, unmatched: Int
    ) {
        var attached = 0
        var unmatched = 0
        for (controller, presented) in controllers {
            guard let address = controller.viewAddress else { continue }
            guard let row = rows[address] else {
                unmatched += 1
                continue
            }
            guard tree[row].fields["viewController"] == nil else { continue }
            var info = JSONObject()
            info["class"] = .string(controller.className)
            let chain = UIKitChains.controllerSuperclasses(of: controller.className)
            if !chain.isEmpty { info["superclasses"] = .array(chain.map { .string($0) }) }
            if let address = controller.address { info["address"] = .string(address) }
            if let state = controller.state { info["state"] = .string(state) }
            if presented { info["presented"] = .bool(true) }
            tree[row].fields["viewController"] = .object(info)
            attached += 1
        }
        return (attached, unmatched)
    }

    /// Gives cells their rows (by position in their list) and buttons the title of their `UIButtonLabel`.
    mutating func finishCellsAndButtons() {
        for row in 0..<tree.count {
            let cellsHere = children[row].filter { isCell($0) }
            if !cellsHere.isEmpty {
                let ordered = cellsHere.enumerated().sorted { left, right in
                    let a = frames[left.element]
                    let b = frames[right.element]
                    switch (a, b) {
                    case (let a?, let b?): return (a.y, a.x, left.offset) < (b.y, b.x, right.offset)
                    case (.some, nil): return true
                    case (nil, .some): return false
                    case (nil, nil): return left.offset < right.offset
                    }
                }
                for (rank, cell) in ordered.enumerated() {
                    tree[cell.element].fields["indexPath"] = .array([.int(0), .int(rank)])
                }
                cells += cellsHere.count
            }
            if chains[row].contains("UIButton"), tree[row].fields["title"] == nil,
                let label = children[row].first(where: { chains[$0].first == "UIButtonLabel" }),
                let title = texts[label]
            {
                tree[row].fields["title"] = .string(title)
            }
        }
    }

    private func isCell(_ row: Int) -> Bool {
        chains[row].contains("UITableViewCell") || chains[row].contains("UICollectionViewCell")
    }

    // MARK: Values

    /// `YES`/`NO` as booleans, numbers as numbers, `{a, b}` as a pair, anything else as text.
    static func json(_ text: String) -> JSONValue {
        if text == "YES" { return .bool(true) }
        if text == "NO" { return .bool(false) }
        if let number = Double(text), number.isFinite { return .double(number) }
        if let pair = pair(text) { return .array([.double(pair.0), .double(pair.1)]) }
        return .string(text)
    }

    /// `{0, -64}` → (0, -64).
    static func pair(_ text: String) -> (Double, Double)? {
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let parts = text.dropFirst().dropLast().split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2, parts.allSatisfy(\.isFinite) else { return nil }
        return (parts[0], parts[1])
    }

    /// The image name of `<UIImage:0x… named(main: icon-cart) {24, 24}>` or `symbol(system: cart.fill)`.
    static func imageName(_ text: String) -> String? {
        for marker in ["named(", "symbol("] {
            guard let start = text.range(of: marker) else { continue }
            let inside = text[start.upperBound...].prefix { $0 != ")" }
            let name = inside.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
            if let name, !name.isEmpty { return name }
        }
        return nil
    }
}
