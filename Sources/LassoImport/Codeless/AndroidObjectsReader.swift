import Foundation
import LassoSnapshot

/// Reads the `objects` arrays of an Android codeless snapshot in place while the rest of the document is parsed
/// (`AndroidViewObjectScan` reads each view object from its bytes), so that no `JSONValue` is made of them.
///
/// In the document each array read is left as a string naming it (`marker` and its number): `objects(_:)` turns
/// that back into the views.
final class AndroidObjectsReader: JSONMemberReader {
    private(set) var arrays: [[AndroidViewObject]] = []
    /// The start of the text that stands for an array read; random, so that no string of a document can pass for it.
    private let marker = "\u{0}lasso.objects.\(UInt64.random(in: 0...UInt64.max)):"
    /// What reads each object, kept between arrays (the class lists it has met).
    private var scan = AndroidViewObjectScan()

    init() {}

    /// The class lists of the views read.
    var classLists: ClassListTable { scan.classLists }

    func reads(_ key: String) -> Bool { key == "objects" }

    func read(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> JSONValue {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "["), depth < JSONParser.maxDepth else {
            return try JSONParser.parseValue(&scanner, depth: depth)
        }
        // The scan works on a value of its own, not through this object at each step.
        var work = AndroidViewObjectScan()
        swap(&work, &scan)
        defer { swap(&work, &scan) }
        arrays.append(try work.array(&scanner, depth: depth))
        return .string(marker + String(arrays.count - 1))
    }

    /// The views of an `objects` value: an array read in place (the text standing for it), or one parsed as values;
    /// nil for anything else.
    func objects(_ value: JSONValue?) -> [AndroidViewObject]? {
        switch value {
        case .string(let text) where text.hasPrefix(marker):
            guard let number = Int(text.dropFirst(marker.count)), arrays.indices.contains(number) else { return nil }
            return arrays[number]
        case .array(let items):
            return items.map { item in
                guard case .object(let members) = item else {
                    return AndroidViewObject(notAnObject: item.kindDescription)
                }
                return AndroidViewObject(members, classLists: &scan.classLists)
            }
        default: return nil
        }
    }

    /// Lets go of the views read, on the thread that frees big values: the tree has been built from them.
    func releaseViews() {
        let views = arrays
        arrays = []
        BackgroundRelease.release(consume views)
    }
}
