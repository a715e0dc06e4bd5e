/// Picks views of a snapshot the ways the CLI offers: by pre-order number or `id`, or by a text they show.
public enum NodeQuery {
    /// Views whose text, title, accessibilityIdentifier or accessibilityLabel contains `needle`, ignoring case.
    public static func find(_ needle: String, in snapshot: Snapshot) -> [Int] {
        let wanted = needle.lowercased()
        return snapshot.indices.filter { showsText(wanted, node: $0, in: snapshot) }
    }

    /// True when the view's text, title, accessibilityIdentifier or accessibilityLabel contains `wanted`, which is
    /// already lowercased; the search prompt of the terminal UI looks at the same texts.
    static func showsText(_ wanted: String, node: Int, in snapshot: Snapshot) -> Bool {
        [
            snapshot.text(of: node), snapshot.title(of: node), snapshot.accessibilityIdentifier(of: node),
            snapshot.accessibilityLabel(of: node),
        ]
        .contains { $0?.lowercased().contains(wanted) ?? false }
    }

    /// The view numbered `reference` in pre-order (root 0), or whose `id` field is `reference`.
    public static func node(_ reference: String, in snapshot: Snapshot) throws(LassoError) -> Int {
        if let number = Int(reference) {
            guard number >= 0 && number < snapshot.count else {
                throw LassoError(
                    .notFound,
                    "\(snapshot.file): no view numbered \(number); the views are numbered 0 to \(snapshot.count - 1)")
            }
            return number
        }
        for node in snapshot.indices {
            if let id = snapshot.unknownFields(of: node)["id"], id.plainText == reference { return node }
        }
        throw LassoError(.notFound, "\(snapshot.file): no view is numbered or has the id \"\(reference)\"")
    }
}
