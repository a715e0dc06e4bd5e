import LassoCore

/// The search prompt, and stepping through its matches with `n` and `N`.
extension AppState {
    mutating func reduceSearch(_ action: Action, _ field: inout TextField) {
        switch action {
        case .insert(let character): field.insert(character)
        case .deleteBackward: field.deleteBackward()
        case .deleteForward: field.deleteForward()
        case .cursorLeft: field.moveLeft()
        case .cursorRight: field.moveRight()
        case .submit:
            overlay = .none
            runSearch(field.text)
            return
        default: break
        }
        overlay = .search(field)
    }

    /// Finds every view whose class, texts, identifiers or path contain the query, and goes to the first after the cursor.
    mutating func runSearch(_ query: String) {
        searchQuery = query
        guard !query.isEmpty else {
            searchMatches = []
            say("")
            return
        }
        searchMatches = SearchIndex.matches(of: query, in: table)
        guard !searchMatches.isEmpty else {
            say("no view matches “\(query)”", error: true)
            return
        }
        if outline.filtered != nil { outline.setFilter(nil) }
        stepMatch(forward: true, includingCursor: true)
    }

    mutating func stepMatch(forward: Bool, includingCursor: Bool = false) {
        guard !searchMatches.isEmpty else {
            say(
                searchQuery.isEmpty ? "no search yet: press / to search" : "no view matches “\(searchQuery)”",
                error: true)
            return
        }
        // Binary search for the first match after (or before) the cursor, wrapping around.
        var low = 0
        var high = searchMatches.count
        while low < high {
            let middle = (low + high) / 2
            if Int(searchMatches[middle]) < cursor
                || (!includingCursor && Int(searchMatches[middle]) == cursor && forward)
            {
                low = middle + 1
            } else {
                high = middle
            }
        }
        let position: Int
        if forward {
            position = low < searchMatches.count ? low : 0
        } else {
            position = low > 0 ? low - 1 : searchMatches.count - 1
        }
        reveal(Int(searchMatches[position]))
        say("“\(searchQuery)”: match \(position + 1) of \(searchMatches.count)  (n next, N previous)")
    }
}

/// Which views a search query finds: class names, texts, identifiers, labels and paths, ignoring case.
public enum SearchIndex {
    public static func matches(of query: String, in table: PathTable) -> [Int32] {
        let snapshot = table.snapshot
        let wanted = query.lowercased()
        let searchesPaths = query.contains("/") || query.contains("[")
        // Class names are few: decide once per name whether it matches.
        var classMatches: [String: Bool] = [:]
        var result: [Int32] = []
        for node in snapshot.indices {
            let runtime = snapshot.className(of: node)
            let byClass =
                classMatches[runtime]
                ?? {
                    let hit =
                        runtime.lowercased().contains(wanted)
                        || ClassName.pathName(runtime).lowercased().contains(wanted)
                    classMatches[runtime] = hit
                    return hit
                }()
            if byClass || texts(of: node, in: snapshot).contains(where: { $0.lowercased().contains(wanted) })
                || (searchesPaths
                    && (segment(of: node, in: table).lowercased().contains(wanted)
                        || table.pathText(of: node).lowercased().contains(wanted)))
            {
                result.append(Int32(node))
            }
        }
        return result
    }

    private static func texts(of node: Int, in snapshot: Snapshot) -> [String] {
        [
            snapshot.text(of: node), snapshot.title(of: node), snapshot.accessibilityIdentifier(of: node),
            snapshot.accessibilityLabel(of: node),
        ].compactMap { $0 }
    }

    private static func segment(of node: Int, in table: PathTable) -> String {
        table.name(of: node) + "[" + table.segmentIndex(of: node).text + "]"
    }
}
