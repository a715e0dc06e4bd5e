import Foundation
import LassoSnapshot

/// Reads an `objects` array of an Android codeless snapshot from its bytes, object by object, for
/// `AndroidObjectsReader`: a view object goes straight to an `AndroidViewObject`, its `properties` copied as compact
/// JSON; one in an unusual shape (a repeated or escaped name, a `class` member, a field of an unexpected kind, a syntax
/// fault) is parsed as a value and read from its members, so that it gives the same view or the same message.
struct AndroidViewObjectScan: ObjectsArrayScan {
    var classLists = ClassListTable()
    /// Each class list's `"class":"…"` member of `properties` (the first qualified name), made once.
    private var classMembers: [[UInt8]?] = []
    /// The names of the members of the object being read, to find a repeated one.
    private var names = MemberNames()
    private var kept: [UInt8] = []

    /// The views of an array parsed as values, each read from its members.
    mutating func objects(parsed items: [JSONValue]) -> [AndroidViewObject] {
        items.map { item in
            guard case .object(let members) = item else { return AndroidViewObject(notAnObject: item.kindDescription) }
            return AndroidViewObject(members, classLists: &classLists)
        }
    }

    /// Reads the view object at the cursor; one in an unusual shape is parsed from its start instead, and an element
    /// that is not an object is one the tree refuses.
    mutating func element(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> AndroidViewObject {
        guard scanner.peek() == UInt8(ascii: "{") else {
            return AndroidViewObject(notAnObject: try JSONParser.parseValue(&scanner, depth: depth).kindDescription)
        }
        let start = scanner.pos
        if depth < JSONParser.maxDepth, let view = try? inPlace(&scanner, depth: depth) { return view }
        scanner.pos = start
        let value = try JSONParser.parseValue(&scanner, depth: depth)
        return AndroidViewObject(value.objectValue ?? JSONObject(), classLists: &classLists)
    }

    /// A value at the cursor, as a view's fields read it.
    private enum Token {
        case string(StringSpan)
        case number(Range<Int>)
        case bool(Bool)
        case null
        case container(JSONValue)

        var kind: String {
            switch self {
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            case .container(let value): return value.kindDescription
            }
        }

        var isTrue: Bool {
            if case .bool(true) = self { return true }
            return false
        }

        /// The text of a string, nil for any other value.
        func text(in scanner: ByteScanner) -> String? {
            if case .string(let span) = self { return scanner.decode(span) }
            return nil
        }
    }

    /// Why an object is left to be parsed as a value.
    private struct Unusual: Error {}

    /// Reads a view object in place, or fails for one to parse as a value.
    private mutating func inPlace(_ scanner: inout ByteScanner, depth: Int) throws -> AndroidViewObject {
        var view = AndroidViewObject()
        names.reset()
        kept.removeAll(keepingCapacity: true)
        var sensorsID: String??
        var mixpanelID: String?
        var text: String?
        var elementContent: String?
        var classList: Int?
        var subviews: [AndroidHashKey]?
        scanner.pos += 1
        scanner.skipWhitespace()
        var more = scanner.peek() != UInt8(ascii: "}")
        if !more { scanner.pos += 1 }
        while more {
            let key = try scanner.scanKeyAndColon()
            guard !key.escaped, names.isNew(key, in: scanner.bytes) else { throw Unusual() }
            let name = UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end])
            scanner.skipWhitespace()
            switch Field(name) {
            case .classes:
                guard scanner.peek() == UInt8(ascii: "[") else { throw Unusual() }
                let from = scanner.pos
                try scanner.skipValue(maxDepth: JSONParser.maxDepth - depth - 1)
                classList = classLists.id(text: UnsafeBufferPointer(rebasing: scanner.bytes[from..<scanner.pos]))
                guard classList != nil else { throw Unusual() }
            case .subviews:
                subviews = try hashes(&scanner)
            case .text:
                text = try string(&scanner, depth: depth)
            case .contentDescription:
                view.label = try string(&scanner, depth: depth).flatMap { $0.isEmpty ? nil : $0 }
            case .class:
                throw Unusual()
            case .other(let field):
                keep(name)
                let token = try self.token(&scanner, depth: depth)
                write(token, scanner.bytes)
                switch field {
                case .hashCode:
                    if case .number(let range) = token {
                        view.hash = AndroidHashKey(UnsafeBufferPointer(rebasing: scanner.bytes[range]))
                    }
                case .visibility:
                    switch token {
                    case .number(let range): view.hidden = scanner.double(range) != 0
                    case .string, .bool: throw Unusual()
                    case .null, .container: break
                    }
                case .clickable: view.clickable = token.isTrue
                case .elementContent: elementContent = token.text(in: scanner)
                case .sensorsID:
                    sensorsID = .some(token.text(in: scanner))
                    view.sensorsKeys = true
                case .mixpanelID:
                    mixpanelID = token.text(in: scanner)
                    view.mixpanelKeys = true
                case .elementLevel: view.sensorsKeys = true
                case .scrollX: view.scrollX = pixels(token, scanner)
                case .scrollY: view.scrollY = pixels(token, scanner)
                case .left: view.left = pixels(token, scanner)
                case .top: view.top = pixels(token, scanner)
                case .width: view.width = pixels(token, scanner)
                case .height: view.height = pixels(token, scanner)
                case .translationX: view.translationX = pixels(token, scanner)
                case .translationY: view.translationY = pixels(token, scanner)
                case .none: break
                }
            }
            scanner.skipWhitespace()
            guard let next = scanner.peek() else { throw Unusual() }
            scanner.pos += 1
            if next == UInt8(ascii: "}") {
                more = false
            } else if next != UInt8(ascii: ",") {
                throw Unusual()
            }
        }
        view.text = (text ?? elementContent).flatMap { $0.isEmpty ? nil : $0 }
        view.identifier = (sensorsID ?? mixpanelID).flatMap { $0.isEmpty ? nil : $0 }
        view.subviews = subviews ?? []
        let list = classList ?? classLists.id([], anonymous: false)
        view.classList = list
        writeProperties(of: list, into: &view.properties)
        return view
    }

    /// Starts a kept member in `properties`: its name.
    private mutating func keep(_ name: UnsafeBufferPointer<UInt8>) {
        if !kept.isEmpty { kept.append(UInt8(ascii: ",")) }
        JSONEscaping.appendLiteral(name, to: &kept)
        kept.append(UInt8(ascii: ":"))
    }

    /// Writes a kept member's value, compact, as `JSONArrayWriter` writes its parsed value.
    private mutating func write(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch token {
        case .string(let span): ScannedString.append(span, of: bytes, to: &kept)
        case .number(let range): kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        case .bool(let flag): JSONArrayWriter.append(flag ? "true" : "false", to: &kept)
        case .null: JSONArrayWriter.append("null", to: &kept)
        case .container(let value): JSONArrayWriter.write(value, into: &kept)
        }
    }

    /// `properties`: the class list's first name as `class`, then the members kept.
    private mutating func writeProperties(of list: Int, into out: inout [UInt8]) {
        while classMembers.count <= list { classMembers.append(nil) }
        let classMember: [UInt8]
        if let made = classMembers[list] {
            classMember = made
        } else {
            var made: [UInt8] = []
            if let first = classLists[list].qualified.first {
                JSONArrayWriter.append("\"class\":", to: &made)
                JSONArrayWriter.writeString(first, into: &made)
            }
            classMembers[list] = made
            classMember = made
        }
        out.reserveCapacity(classMember.count + kept.count + 3)
        out.append(UInt8(ascii: "{"))
        out.append(contentsOf: classMember)
        if !classMember.isEmpty && !kept.isEmpty { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: kept)
        out.append(UInt8(ascii: "}"))
    }

    private func token(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> Token {
        switch scanner.peek() ?? 0 {
        case UInt8(ascii: "\""): return .string(try scanner.scanString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try scanner.scanNumber())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .container(try JSONParser.parseValue(&scanner, depth: depth + 1))
        default:
            switch try scanner.scanLiteral() {
            case .bool(let flag): return .bool(flag)
            default: return .null
            }
        }
    }

    /// A member's text: a string's, nil for anything else.
    private func string(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> String? {
        try token(&scanner, depth: depth).text(in: scanner)
    }

    private func pixels(_ token: Token, _ scanner: ByteScanner) -> AndroidViewObject.Pixels {
        switch token {
        case .null: return .absent
        case .number(let range):
            return AndroidViewObject.Pixels(scanner.double(range)) {
                String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self)
            }
        default: return .refused(found: token.kind)
        }
    }

    /// The hash codes of `subviews`: an array of numbers or strings; anything else is unusual (the object is parsed).
    private func hashes(_ scanner: inout ByteScanner) throws -> [AndroidHashKey] {
        guard scanner.peek() == UInt8(ascii: "[") else { throw Unusual() }
        var keys: [AndroidHashKey] = []
        try scanner.readArray { scanner throws(ScanError) in
            switch scanner.peek() ?? 0 {
            case UInt8(ascii: "\""):
                let span = try scanner.scanString()
                if span.escaped {
                    keys.append(AndroidHashKey(scanner.decode(span)))
                } else {
                    keys.append(AndroidHashKey(UnsafeBufferPointer(rebasing: scanner.bytes[span.start..<span.end])))
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let range = try scanner.scanNumber()
                keys.append(AndroidHashKey(UnsafeBufferPointer(rebasing: scanner.bytes[range])))
            default: throw scanner.error("a hash code (a number or a string)")
            }
        }
        return keys
    }
}

/// The member names of an Android view object that the tree reads, known by their bytes.
private enum Field {
    /// Members kept in `properties` whose value the tree reads too.
    enum Kept {
        case hashCode, visibility, clickable, elementContent, sensorsID, mixpanelID, elementLevel
        case scrollX, scrollY, left, top, width, height, translationX, translationY
        /// Any other member: kept only.
        case none
    }

    case classes, subviews, text, contentDescription, `class`
    case other(Kept)

    init(_ name: UnsafeBufferPointer<UInt8>) {
        func `is`(_ word: StaticString) -> Bool { ByteText.equals(name, word) }
        switch name.count {
        case 3: self = `is`("top") ? .other(.top) : .other(.none)
        case 4: self = `is`("text") ? .text : `is`("left") ? .other(.left) : .other(.none)
        case 5: self = `is`("width") ? .other(.width) : `is`("class") ? .class : .other(.none)
        case 6: self = `is`("height") ? .other(.height) : .other(.none)
        case 7:
            self =
                `is`("classes")
                ? .classes : `is`("scrollX") ? .other(.scrollX) : `is`("scrollY") ? .other(.scrollY) : .other(.none)
        case 8:
            self = `is`("subviews") ? .subviews : `is`("hashCode") ? .other(.hashCode) : .other(.none)
        case 9: self = `is`("clickable") ? .other(.clickable) : .other(.none)
        case 10:
            self =
                `is`("visibility")
                ? .other(.visibility)
                : `is`("mp_id_name") ? .other(.mixpanelID) : `is`("sa_id_name") ? .other(.sensorsID) : .other(.none)
        case 12:
            self =
                `is`("translationX")
                ? .other(.translationX) : `is`("translationY") ? .other(.translationY) : .other(.none)
        case 13: self = `is`("element_level") ? .other(.elementLevel) : .other(.none)
        case 15: self = `is`("element_content") ? .other(.elementContent) : .other(.none)
        case 18: self = `is`("contentDescription") ? .contentDescription : .other(.none)
        default: self = .other(.none)
        }
    }
}
