import Foundation
import LassoSnapshot

/// Reads a Maestro hierarchy from its bytes into nodes in pre-order without making a JSON value of it: a node's
/// attributes are read as places in the bytes and its `properties` written from them as compact JSON.
///
/// A dump in an unusual shape (an attribute that is not a string, a repeated or escaped name, bounds not written as
/// Maestro writes them, a syntax fault, nesting near the parser's limit) is not read: `read` gives nil, and the dump is
/// parsed as a value, which gives the same snapshot or the message.
struct MaestroNodeScan {
    private(set) var classes = MaestroClassNames()
    private var nodes: [MaestroNode] = []
    /// The attributes of the open nodes: a node's are read at once and let go of when it closes.
    private var attributes: [Attribute] = []
    private var names = MemberNames()
    /// Scratch of `close`: where each known attribute is among the node's (-1: not given), and the others.
    private var known = [Int](repeating: -1, count: MaestroAttribute.allCases.count)
    private var others: [Int] = []

    /// Each known attribute's name as a member of `properties`, `"name":`.
    private static let keys: [[UInt8]] = MaestroAttribute.allCases.map { Array("\"\($0.name)\":".utf8) }

    private struct Attribute {
        var key: StringSpan
        var value: StringSpan
        var known: MaestroAttribute?
    }

    /// A node whose object is being read.
    private struct Open {
        var node: Int
        /// Its attributes among `attributes`.
        var attributes: Range<Int> = 0..<0
        /// The members met that the node is read from (a repeated one is unusual), as bits of `Member`.
        var members: UInt8 = 0
        /// The flags given as booleans (bit `i` for `MaestroAttribute.flags[i]`), and their values.
        var flagsGiven: UInt8 = 0
        var flagValues: UInt8 = 0
        var childCount = 0
        /// Whether the cursor is in its `children` array, and whether a member has been read (a comma comes next).
        var inChildren = false
        var afterMember = false
    }

    /// The members of a node object that the import reads, as bits.
    private enum Member {
        static let attributes: UInt8 = 1
        static let children: UInt8 = 2
        static func flag(_ index: Int) -> UInt8 { 4 << UInt8(index) }
    }

    /// Why a dump is left to be parsed as a value.
    private struct Unusual: Error {}

    /// The nodes of the hierarchy whose root object starts at `start` (after white space), or nil when the dump is to
    /// be parsed as a value.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [MaestroNode]? {
        var scanner = ByteScanner(bytes, at: start)
        do {
            try readNodes(&scanner)
        } catch {
            return nil
        }
        return nodes
    }

    private mutating func readNodes(_ scanner: inout ByteScanner) throws {
        var open: [Open] = []
        scanner.skipWhitespace()
        try openNode(&scanner, parent: -1, depth: 0, into: &open)
        while let last = open.indices.last {
            scanner.skipWhitespace()
            guard let next = scanner.peek() else { throw Unusual() }
            if open[last].inChildren {
                // After a child: the next one or the array's end.
                scanner.pos += 1
                if next == UInt8(ascii: "]") {
                    open[last].inChildren = false
                } else {
                    guard next == UInt8(ascii: ",") else { throw Unusual() }
                    scanner.skipWhitespace()
                    open[last].childCount += 1
                    try openNode(&scanner, parent: open[last].node, depth: open.count, into: &open)
                }
                continue
            }
            if next == UInt8(ascii: "}") {
                scanner.pos += 1
                try close(open.removeLast(), scanner.bytes)
                continue
            }
            if open[last].afterMember {
                guard next == UInt8(ascii: ",") else { throw Unusual() }
                scanner.pos += 1
            }
            open[last].afterMember = true
            try readMember(&scanner, of: &open)
        }
        scanner.skipWhitespace()
        guard scanner.atEnd else { throw Unusual() }
    }

    /// Starts reading the node object at the cursor, `depth` nodes below the root.
    private mutating func openNode(
        _ scanner: inout ByteScanner, parent: Int, depth: Int, into open: inout [Open]
    ) throws {
        // A node is two levels of JSON below its parent's (an object in an array): deep ones are left to the parser.
        guard scanner.peek() == UInt8(ascii: "{"), 2 * depth + 2 < JSONParser.maxDepth else { throw Unusual() }
        scanner.pos += 1
        open.append(Open(node: nodes.count))
        nodes.append(MaestroNode(parent: parent))
    }

    /// Reads the member at the cursor of the last open node; a child node is opened, not read.
    private mutating func readMember(_ scanner: inout ByteScanner, of open: inout [Open]) throws {
        let last = open.count - 1
        let key = try scanner.scanKeyAndColon()
        guard !key.escaped else { throw Unusual() }
        scanner.skipWhitespace()
        let name = UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end])
        let member: UInt8
        if ByteText.equals(name, "attributes") {
            member = Member.attributes
        } else if ByteText.equals(name, "children") {
            member = Member.children
        } else if let flag = MaestroAttribute(name), let index = MaestroAttribute.flags.firstIndex(of: flag) {
            member = Member.flag(index)
        } else {
            // A member the import does not read.
            try scanner.skipValue(maxDepth: JSONParser.maxDepth - 2 * last - 1)
            return
        }
        guard open[last].members & member == 0 else { throw Unusual() }
        open[last].members |= member
        let isNull = scanner.peek() == UInt8(ascii: "n")
        if isNull { guard try scanner.scanLiteral() == .null else { throw Unusual() } }
        switch member {
        case Member.attributes:
            if !isNull { open[last].attributes = try readAttributes(&scanner) }
        case Member.children:
            guard !isNull else { return }
            guard scanner.peek() == UInt8(ascii: "[") else { throw Unusual() }
            scanner.pos += 1
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "]") {
                scanner.pos += 1
                return
            }
            open[last].inChildren = true
            open[last].childCount = 1
            try openNode(&scanner, parent: open[last].node, depth: open.count, into: &open)
        default:
            guard !isNull else { return }
            let byte = scanner.peek()
            if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") {
                guard case .bool(let value) = try scanner.scanLiteral() else { throw Unusual() }
                open[last].flagsGiven |= member >> 2
                if value { open[last].flagValues |= member >> 2 }
            } else {
                // Not a boolean: the attribute of the name says.
                try scanner.skipValue(maxDepth: JSONParser.maxDepth - 2 * last - 1)
            }
        }
    }

    /// Reads the `attributes` object at the cursor: strings under names each given once.
    private mutating func readAttributes(_ scanner: inout ByteScanner) throws -> Range<Int> {
        guard scanner.peek() == UInt8(ascii: "{") else { throw Unusual() }
        scanner.pos += 1
        let start = attributes.count
        names.reset()
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.pos += 1
            return start..<start
        }
        while true {
            let key = try scanner.scanKeyAndColon()
            guard !key.escaped, names.isNew(key, in: scanner.bytes) else { throw Unusual() }
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "\"") else { throw Unusual() }
            let value = try scanner.scanString()
            let name = UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end])
            let known = MaestroAttribute(name)
            // The others are sorted by name: as bytes, which is as text only for ASCII.
            guard known != nil || name.allSatisfy({ $0 < 0x80 }) else { throw Unusual() }
            attributes.append(Attribute(key: key, value: value, known: known))
            scanner.skipWhitespace()
            guard let next = scanner.peek() else { throw Unusual() }
            scanner.pos += 1
            if next == UInt8(ascii: "}") { return start..<attributes.count }
            guard next == UInt8(ascii: ",") else { throw Unusual() }
        }
    }

    /// Makes the node of a closed object from its attributes and flags.
    private mutating func close(_ open: Open, _ bytes: UnsafeBufferPointer<UInt8>) throws {
        var node = nodes[open.node]
        node.isLeaf = open.childCount == 0
        for index in known.indices { known[index] = -1 }
        others.removeAll(keepingCapacity: true)
        for index in open.attributes {
            if let name = attributes[index].known { known[name.rawValue] = index } else { others.append(index) }
        }
        func span(_ name: MaestroAttribute) -> StringSpan? {
            known[name.rawValue] < 0 ? nil : attributes[known[name.rawValue]].value
        }
        func text(_ name: MaestroAttribute) -> String? {
            guard let span = span(name), span.end > span.start else { return nil }
            return Self.decode(span, bytes)
        }
        if let span = span(.class) {
            node.hasClass = true
            if span.end > span.start {
                if span.escaped {
                    let name = Self.decode(span, bytes)
                    node.className = classes.number(of: name)
                    node.looksAndroid = name.contains(".")
                } else {
                    let name = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
                    node.className = classes.number(of: name)
                    node.looksAndroid = memchr(name.baseAddress!, Int32(UInt8(ascii: ".")), name.count) != nil
                }
            }
        }
        if let span = span(.bounds) {
            guard !span.escaped,
                let frame = AndroidImporter.wholeBounds(
                    bytes: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]))
            else { throw Unusual() }
            node.hasBounds = true
            node.frame = frame
            if frame.width == 0 || frame.height == 0 {
                node.invertedBounds = AndroidImporter.isInverted(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self))
            }
        }
        node.text = text(.text)
        node.label = text(.accessibilityText)
        node.identifier = text(.resourceID)
        node.hint = text(.hintText)
        if let identifier = node.identifier, !node.looksAndroid { node.looksAndroid = identifier.contains(":id/") }
        node.clickable = flag(.clickable, open, bytes)
        node.enabled = flag(.enabled, open, bytes)
        node.checked = flag(.checked, open, bytes)
        node.selected = flag(.selected, open, bytes)
        node.properties = .written(properties(open, bytes))
        nodes[open.node] = node
        if !open.attributes.isEmpty { attributes.removeSubrange(open.attributes.lowerBound...) }
    }

    /// A flag's boolean member, else whether its attribute says `true`; nil when neither is given.
    private func flag(_ name: MaestroAttribute, _ open: Open, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if let value = member(name, open) { return value }
        guard known[name.rawValue] >= 0 else { return nil }
        return Self.decode(attributes[known[name.rawValue]].value, bytes) == "true"
    }

    /// A flag given as the node's boolean member, nil when it is not.
    private func member(_ name: MaestroAttribute, _ open: Open) -> Bool? {
        guard let index = MaestroAttribute.flags.firstIndex(of: name) else { return nil }
        let bit = UInt8(1) << UInt8(index)
        return open.flagsGiven & bit == 0 ? nil : open.flagValues & bit != 0
    }

    /// The node's `properties` as compact JSON: the known attributes in their order, the others by name, then the
    /// flags given only as members.
    private mutating func properties(_ open: Open, _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var size = 2
        for index in open.attributes {
            size +=
                attributes[index].key.end - attributes[index].key.start + attributes[index].value.end
                - attributes[index].value.start + 6
        }
        out.reserveCapacity(size)
        out.append(UInt8(ascii: "{"))
        func separate() {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
        }
        for name in MaestroAttribute.allCases where known[name.rawValue] >= 0 {
            separate()
            out.append(contentsOf: Self.keys[name.rawValue])
            if name.isFlag, let value = member(name, open) {
                JSONArrayWriter.append(value ? "true" : "false", to: &out)
            } else {
                Self.writeValue(attributes[known[name.rawValue]].value, bytes, into: &out)
            }
        }
        others.sort { left, right in
            let (a, b) = (attributes[left].key, attributes[right].key)
            let common = min(a.end - a.start, b.end - b.start)
            let order = memcmp(bytes.baseAddress! + a.start, bytes.baseAddress! + b.start, common)
            return order != 0 ? order < 0 : a.end - a.start < b.end - b.start
        }
        for index in others {
            separate()
            ScannedString.append(attributes[index].key, of: bytes, to: &out)
            out.append(UInt8(ascii: ":"))
            Self.writeValue(attributes[index].value, bytes, into: &out)
        }
        for name in MaestroAttribute.flags where known[name.rawValue] < 0 {
            guard let value = member(name, open) else { continue }
            separate()
            out.append(contentsOf: Self.keys[name.rawValue])
            JSONArrayWriter.append(value ? "true" : "false", to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// Writes an attribute's text as `ImportValues.json` makes it: `true`, `false`, a whole number or a string.
    private static func writeValue(_ span: StringSpan, _ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard !span.escaped else {
            JSONArrayWriter.write(ImportValues.json(decode(span, bytes)), into: &out)
            return
        }
        let text = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
        if ByteText.equals(text, "true") {
            JSONArrayWriter.append("true", to: &out)
        } else if ByteText.equals(text, "false") {
            JSONArrayWriter.append("false", to: &out)
        } else if (1...15).contains(text.count), text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            // As the number is written: without leading zeros.
            let digits = text.drop { $0 == UInt8(ascii: "0") }
            if digits.isEmpty { out.append(UInt8(ascii: "0")) } else { out.append(contentsOf: digits) }
        } else {
            ScannedString.append(span, of: bytes, to: &out)
        }
    }

    private static func decode(_ span: StringSpan, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
        return span.escaped ? ByteScanner.unescape(content) : String(decoding: content, as: UTF8.self)
    }
}
