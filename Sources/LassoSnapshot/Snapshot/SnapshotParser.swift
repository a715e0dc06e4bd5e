import Foundation

/// The one-pass loader of `lasso.snapshot/1`: bytes in, a flat node table out, every field checked on the way.
///
/// It never recurses over the view tree (a stack of open views is kept by hand), decodes no text it does
/// not need, and keeps `properties`, `state` and unknown fields as byte ranges parsed when first shown.
struct SnapshotParser {
    /// A fault with the view it was found in (or -1) and the rest of its JSON path.
    struct Fault: Error {
        var offset: Int
        var node: Int32
        var field: String
        var expected: String
        var found: String
        /// Not a fault of the document: the parser stopped at `viewLimit` views, as asked.
        var stopped = false
    }

    static let valueDepthLimit = JSONParser.maxDepth

    var scanner: ByteScanner
    /// The parser stops (a `Fault` that is `stopped`) before the view that would be one more than this.
    var viewLimit = Int.max
    var records: [ViewRecord] = []
    var strings: [String] = []
    var stringIDs: [String: Int32] = [:]
    var stringSpans = SpanInterner()
    var lists: [[String]] = []
    var listSpans = SpanInterner()
    var controllers: [ViewControllerInfo] = []
    var extras: [ExtraField] = []

    var format: String?
    var app = AppInfo()
    var capturedAt: String?
    var screen: ScreenInfo?
    var screenshot: ScreenshotReference?
    var topLevelExtras: [ExtraField] = []
    var classes: [SnapshotClass] = []
    var actionTargets: [Int32: [String]] = [:]

    /// The views read so far.
    var views: ViewTable {
        ViewTable(
            records: records, strings: strings, lists: lists, controllers: controllers, extras: extras,
            actionTargets: actionTargets)
    }

    /// The document's members outside the tree.
    var top: TopLevelFields {
        TopLevelFields(
            app: app, capturedAt: capturedAt, screen: screen, screenshot: screenshot, classes: classes,
            extras: topLevelExtras)
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scanner = ByteScanner(bytes)
        // About one view per 160 bytes in real snapshots: reserving once avoids a copy (and a memory peak) while growing.
        records.reserveCapacity(max(16, bytes.count / 160))
    }

    // MARK: Document

    mutating func parseDocument() throws(Fault) {
        // A UTF-8 byte order mark, as some editors write, is skipped.
        if scanner.bytes.count >= 3, scanner.bytes[0] == 0xEF, scanner.bytes[1] == 0xBB, scanner.bytes[2] == 0xBF {
            scanner.pos = 3
        }
        var sawRoot = false
        try top("$") { (s: inout SnapshotParser) throws(ScanError) in
            try s.scanner.expect(UInt8(ascii: "{"), "a JSON object (a lasso.snapshot/1 document)")
        }
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.pos += 1
        } else {
            while true {
                let keySpan = try top("$") { (s: inout SnapshotParser) throws(ScanError) in
                    try s.scanner.scanKeyAndColon()
                }
                let key = scanner.decode(keySpan)
                switch key {
                case "format":
                    let span = try topString("$.format", nullable: false)!
                    format = scanner.decode(span)
                    guard format == SnapshotFormat.identifier else {
                        throw Fault(
                            offset: span.start - 1, node: -1, field: "$.format",
                            expected: "\"\(SnapshotFormat.identifier)\"",
                            found: "\"\(format!)\"")
                    }
                case "app": try parseApp()
                case "capturedAt": capturedAt = try topString("$.capturedAt", nullable: true).map { scanner.decode($0) }
                case "screen": try parseScreen()
                case "screenshot": try parseScreenshot()
                case "classes": try parseClasses()
                case "root":
                    scanner.skipWhitespace()
                    guard scanner.peek() == UInt8(ascii: "{") else {
                        throw Fault(
                            offset: scanner.pos, node: -1, field: "$.root", expected: "a view object",
                            found: scanner.describeToken(at: scanner.pos))
                    }
                    guard !sawRoot else {
                        throw Fault(
                            offset: scanner.pos, node: -1, field: "$.root", expected: "one \"root\"",
                            found: "a second one")
                    }
                    sawRoot = true
                    try parseTree()
                default:
                    let range = try skip("$." + key)
                    topLevelExtras.append(
                        ExtraField(
                            key: key,
                            value: ByteRef(
                                start: UInt32(range.lowerBound), end: UInt32(range.upperBound), escaped: false)))
                }
                let more = try top("$") { (s: inout SnapshotParser) throws(ScanError) -> Bool in
                    try s.nextMember(closing: UInt8(ascii: "}"))
                }
                if !more { break }
            }
        }
        scanner.skipWhitespace()
        guard scanner.atEnd else {
            throw Fault(
                offset: scanner.pos, node: -1, field: "$", expected: "the end of the file after the document",
                found: scanner.describeToken(at: scanner.pos))
        }
        guard format != nil else {
            throw Fault(
                offset: 0, node: -1, field: "$", expected: "a \"format\": \"\(SnapshotFormat.identifier)\" field",
                found: "a document without one")
        }
        guard sawRoot else {
            throw Fault(offset: 0, node: -1, field: "$", expected: "a \"root\" view", found: "a document without one")
        }
    }

    /// Runs a scanner step, turning its fault into one at `field` of the document.
    private mutating func top<T>(_ field: String, _ body: (inout SnapshotParser) throws(ScanError) -> T) throws(Fault)
        -> T
    {
        do throws(ScanError) { return try body(&self) } catch {
            throw Fault(offset: error.offset, node: -1, field: field, expected: error.expected, found: error.found)
        }
    }

    /// After a member: true on ',', false on the closing bracket.
    private mutating func nextMember(closing: UInt8) throws(ScanError) -> Bool {
        scanner.skipWhitespace()
        guard let byte = scanner.peek() else {
            throw scanner.error(closing == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'")
        }
        if byte == UInt8(ascii: ",") {
            scanner.pos += 1
            return true
        }
        if byte == closing {
            scanner.pos += 1
            return false
        }
        throw scanner.error(closing == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'")
    }

    private mutating func topString(_ field: String, nullable: Bool) throws(Fault) -> StringSpan? {
        try top(field) { (s: inout SnapshotParser) throws(ScanError) -> StringSpan? in
            try s.stringValue(nullable: nullable)
        }
    }

    private mutating func skip(_ field: String) throws(Fault) -> Range<Int> {
        try top(field) { (s: inout SnapshotParser) throws(ScanError) -> Range<Int> in
            s.scanner.skipWhitespace()
            let start = s.scanner.pos
            try s.scanner.skipValue(maxDepth: SnapshotParser.valueDepthLimit)
            return start..<s.scanner.pos
        }
    }

    /// Reads the top-level `classes`: `{"Name": {"methods": ["…"]}}` (other members of a class are read and not kept).
    private mutating func parseClasses() throws(Fault) {
        let range = try skip("$.classes")
        let value = JSONParser.parseValidated(scanner.bytes, range: range)
        func fault(_ field: String, _ expected: String, _ found: String) -> Fault {
            Fault(offset: range.lowerBound, node: -1, field: field, expected: expected, found: found)
        }
        if value == .null { return }
        guard case .object(let members) = value else {
            throw fault("$.classes", "an object of class names and {\"methods\": […]}", value.kindDescription)
        }
        for member in members.members {
            let place = "$.classes." + member.key
            guard !member.key.isEmpty else { throw fault(place, "a class name", "an empty string") }
            guard case .object(let entry) = member.value else {
                throw fault(place, "an object such as {\"methods\": [\"addToCart:\"]}", member.value.kindDescription)
            }
            var methods: [String]?
            if let list = entry["methods"], list != .null {
                guard case .array(let items) = list, let names = Optional(items.compactMap(\.stringValue)),
                    names.count == items.count
                else {
                    throw fault(place + ".methods", "an array of selectors (strings)", list.kindDescription)
                }
                methods = names
            }
            classes.append(SnapshotClass(name: member.key, methods: methods))
        }
    }

    private mutating func parseApp() throws(Fault) {
        try objectMembers("$.app") { (s: inout SnapshotParser, key: String) throws(ScanError) in
            switch key {
            case "key":
                s.app.key = try s.stringValue(nullable: true).map { AppKeyText.normalized(s.scanner.decode($0)) }
            case "version": s.app.version = try s.stringValue(nullable: true).map { s.scanner.decode($0) }
            case "build": s.app.build = try s.stringValue(nullable: true).map { s.scanner.decode($0) }
            case "platform": s.app.platform = try s.stringValue(nullable: true).map { s.scanner.decode($0) }
            default: try s.scanner.skipValue(maxDepth: SnapshotParser.valueDepthLimit)
            }
        }
    }

    private mutating func parseScreen() throws(Fault) {
        var width: Double?
        var height: Double?
        var scale: Double?
        try objectMembers("$.screen") { (s: inout SnapshotParser, key: String) throws(ScanError) in
            switch key {
            case "width": width = try s.numberValue()
            case "height": height = try s.numberValue()
            case "scale": scale = try s.numberValue()
            default: try s.scanner.skipValue(maxDepth: SnapshotParser.valueDepthLimit)
            }
        }
        if let width, let height { screen = ScreenInfo(width: width, height: height, scale: scale) }
    }

    /// `screenshot`: `{"file": PATH}` or `{"data": BASE64, "type": "image/png" | "image/jpeg"}`, with optional pixel `width` and `height`.
    private mutating func parseScreenshot() throws(Fault) {
        scanner.skipWhitespace()
        let start = scanner.pos
        var reference = ScreenshotReference()
        var typeSpan: StringSpan?
        try objectMembers("$.screenshot") { (s: inout SnapshotParser, key: String) throws(ScanError) in
            switch key {
            case "file":
                let span = try s.stringValue(nullable: false)
                reference.file = span.map { s.scanner.decode($0) }
                reference.fileText = SnapshotParser.ref(span)
            case "data": reference.data = SnapshotParser.ref(try s.stringValue(nullable: false))
            case "type":
                typeSpan = try s.stringValue(nullable: false)
                reference.type = typeSpan.flatMap { Screenshot.ImageType(rawValue: s.scanner.decode($0)) }
            case "width": reference.width = try s.numberValue()
            case "height": reference.height = try s.numberValue()
            default: try s.scanner.skipValue(maxDepth: SnapshotParser.valueDepthLimit)
            }
        }
        if scanner.bytes[start] == UInt8(ascii: "n") { return }
        func fault(_ field: String, _ expected: String, _ found: String, at offset: Int = start) -> Fault {
            Fault(offset: offset, node: -1, field: "$.screenshot" + field, expected: expected, found: found)
        }
        if let typeSpan, reference.type == nil {
            throw fault(
                ".type", "\"image/png\" or \"image/jpeg\"", "\"\(scanner.decode(typeSpan))\"",
                at: typeSpan.start - 1)
        }
        switch (reference.file != nil, reference.isEmbedded) {
        case (true, true): throw fault("", "either \"file\" or \"data\"", "both")
        case (false, false): throw fault("", "a \"file\" or a \"data\" member", "neither")
        case (false, true) where reference.type == nil:
            throw fault("", "a \"type\" (\"image/png\" or \"image/jpeg\") with \"data\"", "none")
        default: break
        }
        if reference.file == "" { throw fault(".file", "a file name", "\"\"") }
        // A NUL ends a path where the system reads it: "a\u0000b.png" would open "a".
        if let file = reference.file, file.utf8.contains(0) {
            throw fault(".file", "a file name without NUL characters", DisplayText.quoted(file, limit: 80))
        }
        for (name, value) in [("width", reference.width), ("height", reference.height)] {
            if let value, !(value >= 1 && value <= 1_000_000 && value == value.rounded()) {
                throw fault("." + name, "a whole number of pixels from 1 to 1000000", String(value))
            }
        }
        screenshot = reference
    }

    /// Walks an object's members, handing each key to `member` with the cursor on its value.
    private mutating func objectMembers(
        _ field: String, _ member: (inout SnapshotParser, String) throws(ScanError) -> Void
    ) throws(Fault) {
        var currentKey = ""
        do throws(ScanError) {
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "n") {
                _ = try scanner.scanLiteral()
                return
            }
            try scanner.expect(UInt8(ascii: "{"), "an object")
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.pos += 1
                return
            }
            repeat {
                currentKey = ""
                currentKey = scanner.decode(try scanner.scanKeyAndColon())
                try member(&self, currentKey)
            } while try nextMember(closing: UInt8(ascii: "}"))
        } catch {
            throw Fault(
                offset: error.offset, node: -1, field: currentKey.isEmpty ? field : field + "." + currentKey,
                expected: error.expected, found: error.found)
        }
    }

    // MARK: Typed values

    mutating func stringValue(nullable: Bool) throws(ScanError) -> StringSpan? {
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "\"") { return try scanner.scanString() }
        if nullable, scanner.peek() == UInt8(ascii: "n"), case .null = try scanner.scanLiteral() { return nil }
        throw scanner.error("a string")
    }

    mutating func numberValue() throws(ScanError) -> Double? {
        scanner.skipWhitespace()
        guard let byte = scanner.peek() else { throw scanner.error("a number") }
        if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
            let start = scanner.pos
            return try finite(scanner.double(try scanner.scanNumber()), at: start)
        }
        if byte == UInt8(ascii: "n"), case .null = try scanner.scanLiteral() { return nil }
        throw scanner.error("a number")
    }

    mutating func boolValue() throws(ScanError) -> Bool? {
        scanner.skipWhitespace()
        let at = scanner.pos
        guard let byte = scanner.peek(),
            byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
        else {
            throw scanner.error("true or false")
        }
        switch try scanner.scanLiteral() {
        case .bool(let flag): return flag
        case .null: return nil
        default: throw scanner.error("true or false", at: at)
        }
    }

    /// `value`, or a fault when it is too large for a double (`1e400`).
    private func finite(_ value: Double, at offset: Int) throws(ScanError) -> Double {
        guard value.isFinite else {
            throw ScanError(offset: offset, expected: "a number a double can hold", found: "a number out of range")
        }
        return value
    }

    /// An array of numbers of exactly `count` (at most 4) elements, or nil for null; no allocation.
    mutating func numberArray(count: Int, expected: String) throws(ScanError) -> SIMD4<Double>? {
        scanner.skipWhitespace()
        let at = scanner.pos
        if scanner.peek() == UInt8(ascii: "n"), case .null = try scanner.scanLiteral() { return nil }
        guard scanner.peek() == UInt8(ascii: "[") else { throw scanner.error(expected) }
        scanner.pos += 1
        var values = SIMD4<Double>()
        var found = 0
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "]") {
            scanner.pos += 1
        } else {
            repeat {
                scanner.skipWhitespace()
                guard let byte = scanner.peek(),
                    byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                else {
                    throw scanner.error(expected)
                }
                let numberStart = scanner.pos
                let value = try finite(scanner.double(try scanner.scanNumber()), at: numberStart)
                if found < 4 { values[found] = value }
                found += 1
            } while try nextMember(closing: UInt8(ascii: "]"))
        }
        guard found == count else {
            throw ScanError(
                offset: at, expected: expected, found: "an array of \(found) number\(found == 1 ? "" : "s")")
        }
        return values
    }

    /// A list of strings, interned by its source text; nil for null.
    mutating func stringList() throws(ScanError) -> Int32? {
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "n"), case .null = try scanner.scanLiteral() { return nil }
        let start = scanner.pos
        try skipStringArray()
        let (found, hash) = listSpans.lookup(start, scanner.pos, in: scanner.bytes)
        if let found { return found }
        // A list not seen before: read it again, this time keeping the strings.
        let end = scanner.pos
        scanner.pos = start + 1
        var items: [String] = []
        while scanner.pos < end {
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "\"") {
                items.append(scanner.decode(try scanner.scanString()))
            } else {
                scanner.pos += 1
            }
        }
        scanner.pos = end
        let id = Int32(lists.count)
        lists.append(items)
        listSpans.insert(start, end, hash: hash, id: id)
        return id
    }

    private mutating func skipStringArray() throws(ScanError) {
        guard scanner.peek() == UInt8(ascii: "[") else { throw scanner.error("an array of strings") }
        scanner.pos += 1
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "]") {
            scanner.pos += 1
            return
        }
        repeat {
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.error("an array of strings") }
            _ = try scanner.scanString()
        } while try nextMember(closing: UInt8(ascii: "]"))
    }

    /// The id of a class-name string, shared by every view that has the same name.
    mutating func internString(_ span: StringSpan) -> Int32 {
        let (found, hash) = stringSpans.lookup(span.start, span.end, in: scanner.bytes)
        if let found { return found }
        let text = scanner.decode(span)
        let id: Int32
        if let known = stringIDs[text] {
            id = known
        } else {
            id = Int32(strings.count)
            strings.append(text)
            stringIDs[text] = id
        }
        stringSpans.insert(span.start, span.end, hash: hash, id: id)
        return id
    }

    static func ref(_ span: StringSpan?) -> ByteRef {
        guard let span else { return .absent }
        return ByteRef(start: UInt32(span.start), end: UInt32(span.end), escaped: span.escaped)
    }
}
