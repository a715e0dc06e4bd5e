/// Recognizes `recursiveDescription` text as snapshot-testing libraries record it, with the addresses taken out:
/// a line such as `   |    | <UILabel; frame = (16 0; 288 43.5); text = 'Hi'; …>`.
enum UIKitTextSniff {
    /// Whether one of the first lines of `head` is a view described without an address.
    static func hasAddresslessView(_ head: String) -> Bool {
        for line in head.split(separator: "\n", maxSplits: 2000, omittingEmptySubsequences: true).prefix(2000) {
            let rest = line.drop { $0 == " " || $0 == "|" || $0 == "\t" }
            guard rest.hasPrefix("<"), let semicolon = rest.firstIndex(of: ";") else { continue }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == ":" || $0 == "\t" }) else { continue }
            if rest[semicolon...].hasPrefix("; frame = (") { return true }
        }
        return false
    }
}
