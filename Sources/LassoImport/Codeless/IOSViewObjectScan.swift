import Foundation
import LassoSnapshot

/// Reads an `objects` array of an iOS codeless snapshot from its bytes, for `IOSObjectsReader`. A plain view object
/// (its members `id`, `class` before `properties`, and perhaps `element_level`; its class a view's, not a controller's
/// nor the application's) goes straight to an `IOSViewRead`: the properties the tree reads become values, the
/// structure it does not read is passed over, and the rest is written as compact JSON. Any other object (a
/// controller, a repeated or escaped name, a property named `id`, a syntax fault) is parsed as a value, as before.
struct IOSViewObjectScan: ObjectsArrayScan {
    var classLists = ClassListTable()
    /// Whether each class list is a plain view's.
    private var viewLists: [Bool?] = []
    /// The names of the members of the object being read, to find a repeated one.
    private var names = MemberNames()
    private var kept: [UInt8] = []

    /// The objects of an array parsed as values: each kept as its value.
    func objects(parsed items: [JSONValue]) -> [IOSObject] { items.map { .parsed($0) } }

    /// Reads the object at the cursor: a plain view in place, any other element as a value.
    mutating func element(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> IOSObject {
        let start = scanner.pos
        if scanner.peek() == UInt8(ascii: "{"), depth < JSONParser.maxDepth,
            let view = try? inPlace(&scanner, depth: depth)
        {
            return .read(view)
        }
        scanner.pos = start
        return .parsed(try JSONParser.parseValue(&scanner, depth: depth))
    }

    /// Why an object is left to be parsed as a value.
    private struct Unusual: Error {}

    /// Reads a plain view object in place, or fails for one to parse as a value.
    private mutating func inPlace(_ scanner: inout ByteScanner, depth: Int) throws -> IOSViewRead {
        var id: JSONValue?
        var classList: Int?
        var read: (properties: CodelessIOSProperties, sensors: Bool)?
        var level = false
        scanner.pos += 1
        while true {
            let key = try scanner.scanKeyAndColon()
            guard !key.escaped else { throw Unusual() }
            let name = UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end])
            scanner.skipWhitespace()
            if ByteText.equals(name, "id") {
                guard id == nil else { throw Unusual() }
                id = try JSONParser.parseValue(&scanner, depth: depth + 1)
            } else if ByteText.equals(name, "class") {
                guard classList == nil, scanner.peek() == UInt8(ascii: "[") else { throw Unusual() }
                let from = scanner.pos
                try scanner.skipValue(maxDepth: JSONParser.maxDepth - depth - 1)
                guard let list = classLists.id(text: UnsafeBufferPointer(rebasing: scanner.bytes[from..<scanner.pos])),
                    isView(list)
                else { throw Unusual() }
                classList = list
            } else if ByteText.equals(name, "properties") {
                guard classList != nil, read == nil, scanner.peek() == UInt8(ascii: "{") else { throw Unusual() }
                read = try properties(&scanner, depth: depth + 1)
            } else if ByteText.equals(name, "element_level") {
                guard !level else { throw Unusual() }
                level = true
                try scanner.skipValue(maxDepth: JSONParser.maxDepth - depth - 1)
            } else {
                throw Unusual()
            }
            scanner.skipWhitespace()
            guard let next = scanner.peek() else { throw Unusual() }
            scanner.pos += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { throw Unusual() }
        }
        guard let id, let classList, let read else { throw Unusual() }
        var json: [UInt8] = []
        json.reserveCapacity(kept.count + 16)
        JSONArrayWriter.append("{\"id\":", to: &json)
        JSONArrayWriter.write(id, into: &json)
        if !kept.isEmpty { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: kept)
        json.append(UInt8(ascii: "}"))
        return IOSViewRead(
            id: id, classList: classList, sensors: level || read.sensors, properties: read.properties, json: json)
    }

    /// Whether a class list is a plain view's: a `UIView`, neither a controller nor the application.
    private mutating func isView(_ list: Int) -> Bool {
        while viewLists.count <= list { viewLists.append(nil) }
        if let known = viewLists[list] { return known }
        let names = classLists[list].qualified
        let isView =
            names.contains("UIView") && !names.contains("UIViewController") && !names.contains("UIApplication")
        viewLists[list] = isView
        return isView
    }

    /// Reads a view's `properties` object: what the tree reads as values, the rest kept as compact JSON (unwrapped)
    /// in `kept`; whether Sensors' members are there.
    private mutating func properties(_ scanner: inout ByteScanner, depth: Int) throws -> (
        properties: CodelessIOSProperties, sensors: Bool
    ) {
        var read = CodelessIOSProperties()
        var sensors = false
        names.reset()
        kept.removeAll(keepingCapacity: true)
        scanner.pos += 1
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.pos += 1
            return (read, sensors)
        }
        while true {
            let key = try scanner.scanKeyAndColon()
            guard !key.escaped, names.isNew(key, in: scanner.bytes) else { throw Unusual() }
            let name = UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end])
            scanner.skipWhitespace()
            switch IOSPropertyName(name) {
            case .id: throw Unusual()
            case .passedOver:
                try scanner.skipValue(maxDepth: JSONParser.maxDepth - depth - 1)
            case .field(let field):
                if field == .frame, let rect = IOSPlainProperty.rect(&scanner) {
                    read.frameRead = rect
                } else if field == .subviews, let ids = IOSPlainProperty.strings(&scanner) {
                    read.subviewIDs = ids
                } else {
                    read.set(field, try JSONParser.parseValue(&scanner, depth: depth + 1))
                    if field == .subelements { sensors = true }
                }
            case .kept(let field):
                if !kept.isEmpty { kept.append(UInt8(ascii: ",")) }
                JSONEscaping.appendLiteral(name, to: &kept)
                kept.append(UInt8(ascii: ":"))
                if let field {
                    let value = try JSONParser.parseValue(&scanner, depth: depth + 1)
                    read.set(field, value)
                    JSONArrayWriter.write(CodelessIOSTree.value(value) ?? .null, into: &kept)
                } else {
                    if ByteText.equals(name, "element_level") { sensors = true }
                    try keep(&scanner, depth: depth)
                }
            }
            scanner.skipWhitespace()
            guard let next = scanner.peek() else { throw Unusual() }
            scanner.pos += 1
            if next == UInt8(ascii: "}") { return (read, sensors) }
            guard next == UInt8(ascii: ",") else { throw Unusual() }
        }
    }

    /// Writes a kept property's value, unwrapped, compact, as `JSONArrayWriter` writes the parsed one.
    private mutating func keep(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) {
        switch scanner.peek() ?? 0 {
        case UInt8(ascii: "\""):
            ScannedString.append(try scanner.scanString(), of: scanner.bytes, to: &kept)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try scanner.scanNumber()
            kept.append(contentsOf: UnsafeBufferPointer(rebasing: scanner.bytes[range]))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let value = try JSONParser.parseValue(&scanner, depth: depth + 1)
            JSONArrayWriter.write(CodelessIOSTree.value(value) ?? .null, into: &kept)
        default:
            JSONArrayWriter.write(try scanner.scanLiteral(), into: &kept)
        }
    }

}

/// How the tree takes a property of an iOS view object, known by its name's bytes: one it reads (`CodelessIOSTree`'s
/// structure and fields), one of the structure it passes over, or one kept in `properties` (two of which it reads
/// too).
private enum IOSPropertyName {
    case id
    case field(CodelessIOSProperties.Field)
    case passedOver
    case kept(CodelessIOSProperties.Field?)

    init(_ name: UnsafeBufferPointer<UInt8>) {
        if ByteText.equals(name, "id") {
            self = .id
        } else if let field = CodelessIOSProperties.Field(name) {
            self = field == .elementContent || field == .contentOffset ? .kept(field) : .field(field)
        } else if CodelessIOSProperties.isStructure(name) {
            self = .passedOver
        } else {
            self = .kept(nil)
        }
    }
}
