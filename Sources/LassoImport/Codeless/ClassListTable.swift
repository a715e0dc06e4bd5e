import LassoSnapshot

/// The distinct class lists of a codeless snapshot (`classes` on Android, `class` on iOS), each numbered once: a screen
/// of thousands of views has a few dozen. A list read in place is known again by its bytes, without making its strings.
struct ClassListTable {
    /// One list: its class names (qualified, nearest first; entries that are not strings left out), and whether its
    /// first entry is null (an anonymous class).
    struct Entry {
        var qualified: [String]
        var anonymous: Bool
        /// The source bytes it was read from, when it was read in place.
        var bytes: [UInt8]
    }

    private(set) var entries: [Entry] = []
    private var byNames: [[String]: Int] = [:]
    /// Lists read in place, by a hash of their bytes.
    private var byBytes: [UInt64: [Int]] = [:]

    subscript(id: Int) -> Entry { entries[id] }

    /// The number of a list given as names (a view read as a JSON value).
    mutating func id(_ qualified: [String], anonymous: Bool) -> Int {
        if let known = byNames[qualified], entries[known].anonymous == anonymous { return known }
        entries.append(Entry(qualified: qualified, anonymous: anonymous, bytes: []))
        byNames[qualified] = entries.count - 1
        return entries.count - 1
    }

    /// The number of the list whose JSON text is `text`, a valid array; nil when the text is not an array.
    mutating func id(text: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = ClassListTable.hash(text)
        if let candidates = byBytes[hash] {
            for id in candidates where entries[id].bytes.elementsEqual(text) { return id }
        }
        var scanner = ByteScanner(text)
        guard let items = (try? JSONParser.parseValue(&scanner, depth: 0))?.arrayValue else { return nil }
        entries.append(
            Entry(
                qualified: items.compactMap(\.stringValue), anonymous: items.first?.isNull == true, bytes: Array(text)))
        byBytes[hash, default: []].append(entries.count - 1)
        return entries.count - 1
    }

    /// FNV-1a over the bytes: a list's text is short, and its hash only picks the few lists to compare it with.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
