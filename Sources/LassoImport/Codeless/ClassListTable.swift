import LassoSnapshot

/// The distinct class lists of a codeless snapshot (`classes` on Android, `class` on iOS), each numbered once: a screen
/// of thousands of views has a few dozen. A list read in place is known again by its bytes, without making its strings.
struct ClassListTable {
    /// One list: its class names (qualified, nearest first; entries that are not strings left out), and whether its
    /// first entry is null (an anonymous class).
    struct Entry {
        var qualified: [String]
        var anonymous: Bool
    }

    private(set) var entries: [Entry] = []
    private var byNames: [[String]: Int] = [:]
    /// The texts of the lists read in place, and each one's list (nil for a text that is no array).
    private var texts = ByteKeyTable()
    private var listOfText: [Int?] = []

    subscript(id: Int) -> Entry { entries[id] }

    /// The number of a list given as names (a view read as a JSON value).
    mutating func id(_ qualified: [String], anonymous: Bool) -> Int {
        if let known = byNames[qualified], entries[known].anonymous == anonymous { return known }
        entries.append(Entry(qualified: qualified, anonymous: anonymous))
        byNames[qualified] = entries.count - 1
        return entries.count - 1
    }

    /// The number of the list whose JSON text is `text`, a valid array; nil when the text is not an array.
    mutating func id(text: UnsafeBufferPointer<UInt8>) -> Int? {
        let number = Int(texts.id(text, 0..<text.count))
        if number < listOfText.count { return listOfText[number] }
        var scanner = ByteScanner(text)
        guard let items = (try? JSONParser.parseValue(&scanner, depth: 0))?.arrayValue else {
            listOfText.append(nil)
            return nil
        }
        entries.append(Entry(qualified: items.compactMap(\.stringValue), anonymous: items.first?.isNull == true))
        listOfText.append(entries.count - 1)
        return entries.count - 1
    }
}
