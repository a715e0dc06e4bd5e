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
