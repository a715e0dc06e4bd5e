import Foundation

/// The view fields (docs/snapshot-format.md, "A view") and how the loader reads each one.
extension SnapshotParser {
    enum Field {
        case className, superclasses, viewController, frame, hidden, alpha, indexPath
        case text, title, accessibilityIdentifier, accessibilityLabel, imageName
        case actions, gestures, state, properties, viewPath, unknown
    }

    /// Which field a key names, by length first so that a million keys cost little.
    func field(_ key: StringSpan) -> Field {
        switch key.end - key.start {
        case 4: if keyIs(key, "text") { return .text }
        case 5:
            if keyIs(key, "class") { return .className }
            if keyIs(key, "frame") { return .frame }
            if keyIs(key, "title") { return .title }
            if keyIs(key, "alpha") { return .alpha }
            if keyIs(key, "state") { return .state }
        case 6: if keyIs(key, "hidden") { return .hidden }
        case 7: if keyIs(key, "actions") { return .actions }
        case 8:
            if keyIs(key, "gestures") { return .gestures }
            if keyIs(key, "viewPath") { return .viewPath }
        case 9:
            if keyIs(key, "indexPath") { return .indexPath }
            if keyIs(key, "imageName") { return .imageName }
        case 10: if keyIs(key, "properties") { return .properties }
        case 12: if keyIs(key, "superclasses") { return .superclasses }
        case 14: if keyIs(key, "viewController") { return .viewController }
        case 18: if keyIs(key, "accessibilityLabel") { return .accessibilityLabel }
        case 23: if keyIs(key, "accessibilityIdentifier") { return .accessibilityIdentifier }
        default: break
        }
        return .unknown
    }

    /// Reads the value of member `key` of view `node`, cursor on the value.
    mutating func parseField(_ key: StringSpan, of node: Int32) throws(Fault) {
        let kind = field(key)
        do throws(ScanError) {
            try readField(kind, key: key, at: Int(node))
        } catch {
            throw Fault(
                offset: error.offset, node: node, field: "." + scanner.decode(key), expected: error.expected,
                found: error.found)
        }
    }

    private mutating func readField(_ kind: Field, key: StringSpan, at: Int) throws(ScanError) {
        switch kind {
        case .className:
            let start = scanner.pos
            guard let span = try stringValue(nullable: false) else { return }
            guard span.end > span.start else {
                throw ScanError(offset: start, expected: "a class name", found: "an empty string")
            }
            records[at].classID = internString(span)
        case .superclasses: records[at].superclassesID = try stringList() ?? -1
        case .actions:
            scanner.skipWhitespace()
            let start = scanner.pos
            do throws(ScanError) {
                records[at].actionsID = try stringList() ?? -1
            } catch {
                // Not a list of selectors alone: read again, the slow way, as selectors and {"selector", "target"}.
                scanner.pos = start
                try actionObjects(at: at)
            }
        case .gestures: records[at].gesturesID = try stringList() ?? -1
        case .text: records[at].text = SnapshotParser.ref(try stringValue(nullable: true))
        case .title: records[at].title = SnapshotParser.ref(try stringValue(nullable: true))
        case .accessibilityIdentifier:
            records[at].accessibilityIdentifier = SnapshotParser.ref(try stringValue(nullable: true))
        case .accessibilityLabel: records[at].accessibilityLabel = SnapshotParser.ref(try stringValue(nullable: true))
        case .imageName: records[at].imageName = SnapshotParser.ref(try stringValue(nullable: true))
        case .viewPath: records[at].sdkViewPath = SnapshotParser.ref(try stringValue(nullable: true))
        case .hidden: records[at].hidden = try boolValue() ?? false
        case .alpha:
            let start = scanner.pos
            if let alpha = try numberValue() {
                guard alpha >= 0 && alpha <= 1 else {
                    throw ScanError(
                        offset: start, expected: "a number from 0 to 1", found: "\(JSONValue.double(alpha).plainText)")
                }
                records[at].alpha = Float(alpha)
            }
        case .frame:
            if let frame = try numberArray(count: 4, expected: "an array of 4 numbers [x, y, width, height]") {
                records[at].frame = (frame[0], frame[1], frame[2], frame[3])
                records[at].hasFrame = true
            }
        case .indexPath:
            scanner.skipWhitespace()
            let start = scanner.pos
            if let pair = try numberArray(count: 2, expected: "an array of 2 whole numbers [section, row]") {
                guard [pair[0], pair[1]].allSatisfy({ $0 >= 0 && $0 == $0.rounded() && $0 < 2_147_483_647 }) else {
                    throw ScanError(
                        offset: start, expected: "an array of 2 whole numbers [section, row], 0 or more",
                        found: "[\(JSONValue.double(pair[0]).plainText), \(JSONValue.double(pair[1]).plainText)]")
                }
                records[at].section = Int32(pair[0])
                records[at].row = Int32(pair[1])
            }
        case .state:
            records[at].state = try rawValue(expectObject: true)
        case .properties:
            records[at].properties = try rawValue(expectObject: true)
        case .viewController:
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "n"), case .null = try scanner.scanLiteral() { return }
            records[at].controller = try parseController()
        case .unknown:
            let name = scanner.decode(key)
            var value = try checkedSDKField(name)
            if value == nil { value = try rawValue(expectObject: false) }
            extras.append(ExtraField(key: name, value: value!))
            records[at].extrasCount += 1
        }
    }

    /// Reads an `actions` list whose items may be objects naming the target's class too: the selectors become the
    /// view's actions list, the targets go to `actionTargets` ("" for a plain selector).
    private mutating func actionObjects(at: Int) throws(ScanError) {
        let start = scanner.pos
        let expected = "an array of selectors or {\"selector\": \"…\", \"target\": \"…\"} objects"
        guard scanner.peek() == UInt8(ascii: "[") else { throw scanner.error(expected) }
        try scanner.skipValue(maxDepth: SnapshotParser.valueDepthLimit)
        guard case .array(let items) = JSONParser.parseValidated(scanner.bytes, range: start..<scanner.pos) else {
            throw ScanError(offset: start, expected: expected, found: "something else")
        }
        var selectors: [String] = []
        var targets: [String] = []
        for item in items {
            switch item {
            case .string(let selector):
                selectors.append(selector)
                targets.append("")
            case .object(let object):
                guard case .string(let selector) = object["selector"], !selector.isEmpty else {
                    throw ScanError(
                        offset: start, expected: "an action object with a non-empty \"selector\"",
                        found: object["selector"].map(\.kindDescription) ?? "one without \"selector\"")
                }
                let target = object["target"]
                guard target == nil || target == .null || target?.stringValue != nil else {
                    throw ScanError(
                        offset: start, expected: "an action's \"target\" as a class name (a string)",
                        found: target!.kindDescription)
                }
                selectors.append(selector)
                targets.append(target?.stringValue ?? "")
            default:
                throw ScanError(offset: start, expected: expected, found: "an array holding " + item.kindDescription)
            }
        }
        records[at].actionsID = Int32(lists.count)
        lists.append(selectors)
        actionTargets[Int32(at)] = targets
    }

    /// Skips a value of any kind, checked, and returns where it lies; nil (absent) for null.
    mutating func rawValue(expectObject: Bool) throws(ScanError) -> ByteRef {
        scanner.skipWhitespace()
        let start = scanner.pos
        if expectObject {
            if scanner.peek() == UInt8(ascii: "n"), case .null = try scanner.scanLiteral() { return .absent }
            guard scanner.peek() == UInt8(ascii: "{") else { throw scanner.error("an object") }
        }
        try scanner.skipValue(maxDepth: SnapshotParser.valueDepthLimit)
        return ByteRef(start: UInt32(start), end: UInt32(scanner.pos), escaped: false)
    }

    /// Reads a `viewController` object into the controllers table and returns its row.
    mutating func parseController() throws(ScanError) -> Int32 {
        let start = scanner.pos
        try scanner.expect(UInt8(ascii: "{"), "an object describing the view controller")
        var info = ViewControllerInfo(
            className: "", superclasses: [], title: nil, alias: nil, properties: .absent, extras: [])
        var sawClass = false
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.pos += 1
        } else {
            repeat {
                let key = scanner.decode(try scanner.scanKeyAndColon())
                switch key {
                case "class":
                    let classStart = scanner.pos
                    guard let span = try stringValue(nullable: false) else { break }
                    guard span.end > span.start else {
                        throw ScanError(
                            offset: classStart, expected: "a view controller class name", found: "an empty string")
                    }
                    info.className = scanner.decode(span)
                    sawClass = true
                case "superclasses":
                    if let list = try stringList() { info.superclasses = lists[Int(list)] }
                case "title": info.title = try stringValue(nullable: true).map { scanner.decode($0) }
                case "alias": info.alias = try stringValue(nullable: true).map { scanner.decode($0) }
                case "properties": info.properties = try rawValue(expectObject: true)
                default:
                    var value = try checkedSDKField(key)
                    if value == nil { value = try rawValue(expectObject: false) }
                    info.extras.append(ExtraField(key: key, value: value!))
                }
            } while try nextMemberOfObject()
        }
        guard sawClass else {
            throw ScanError(offset: start, expected: "a \"class\" in the viewController object", found: "none")
        }
        controllers.append(info)
        return Int32(controllers.count - 1)
    }

    private mutating func nextMemberOfObject() throws(ScanError) -> Bool {
        scanner.skipWhitespace()
        guard let byte = scanner.peek() else { throw scanner.error("',' or '}'") }
        if byte == UInt8(ascii: ",") {
            scanner.pos += 1
            return true
        }
        if byte == UInt8(ascii: "}") {
            scanner.pos += 1
            return false
        }
        throw scanner.error("',' or '}'")
    }
}
