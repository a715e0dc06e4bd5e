import LassoSnapshot

/// What reads the `objects` array of a codeless snapshot from its bytes, object by object, for `ObjectsArrayReader`.
protocol ObjectsArrayScan {
    associatedtype Object: Sendable
    init()
    /// The class lists of the objects read.
    var classLists: ClassListTable { get }
    /// Reads the element at the cursor, nested `depth` levels deep.
    mutating func element(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> Object
    /// The objects of an array parsed as values.
    mutating func objects(parsed items: [JSONValue]) -> [Object]
}

extension ObjectsArrayScan {
    /// Reads the array at the cursor (its `[`), nested `depth` levels deep: its elements, and the faults of its syntax
    /// as the parser words them.
    mutating func array(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> [Object] {
        var objects: [Object] = []
        try scanner.readArray { scanner throws(ScanError) in objects.append(try element(&scanner, depth: depth + 1)) }
        return objects
    }
}

/// Reads the `objects` arrays of a codeless snapshot in place while the rest of the document is parsed (`Scan` reads
/// each object from its bytes), so that no `JSONValue` is made of them.
///
/// In the document each array read is left as a string naming it (`marker` and its number): `objects(_:)` turns
/// that back into the objects.
final class ObjectsArrayReader<Scan: ObjectsArrayScan>: JSONMemberReader {
    private(set) var arrays: [[Scan.Object]] = []
    /// The start of the text that stands for an array read; random, so that no string of a document can pass for it.
    private let marker = "\u{0}lasso.objects." + String(UInt64.random(in: 0...UInt64.max)) + ":"
    /// What reads each object, kept between arrays (the class lists it has met).
    private var scan = Scan()

    init() {}

    /// The class lists of the objects read.
    var classLists: ClassListTable { scan.classLists }

    func reads(_ key: String) -> Bool { key == "objects" }

    func read(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> JSONValue {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "["), depth < JSONParser.maxDepth else {
            return try JSONParser.parseValue(&scanner, depth: depth)
        }
        // The scan works on a value of its own, not through this object at each step.
        var work = Scan()
        swap(&work, &scan)
        defer { swap(&work, &scan) }
        arrays.append(try work.array(&scanner, depth: depth))
        return .string(marker + String(arrays.count - 1))
    }

    /// The objects of an `objects` value: an array read in place (the text standing for it), or one parsed as values;
    /// nil for anything else.
    func objects(_ value: JSONValue?) -> [Scan.Object]? {
        switch value {
        case .string(let text) where text.hasPrefix(marker):
            guard let number = Int(text.dropFirst(marker.count)), arrays.indices.contains(number) else { return nil }
            return arrays[number]
        case .array(let items): return scan.objects(parsed: items)
        default: return nil
        }
    }

    /// Lets go of the objects read, on the thread that frees big values: the tree has been built from them.
    func releaseObjects() {
        let objects = arrays
        arrays = []
        BackgroundRelease.release(consume objects)
    }
}

/// The reader of an Android snapshot's view objects.
typealias AndroidObjectsReader = ObjectsArrayReader<AndroidViewObjectScan>
/// The reader of an iOS snapshot's objects.
typealias IOSObjectsReader = ObjectsArrayReader<IOSViewObjectScan>
