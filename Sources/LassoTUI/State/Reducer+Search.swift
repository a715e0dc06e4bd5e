import LassoSnapshot

/// The search prompt, which finds as the query is typed, and stepping through its matches with `n` and `N`.
extension AppState {
    /// The query is searched for again only when the text changed: once for a paste, not once for each of its
    /// characters (every edit that changes the text changes its length).
    mutating func reduceSearch(_ action: Action, _ field: inout TextField) -> [Effect] {
        let before = field.count
        switch action {
        case .submit:
            overlay = .none
            if field.text.isEmpty {
                runSearch("")
            } else if searchMatches == nil {
                // A huge snapshot's matches are counted when the query is kept, not on every key typed.
                searchMatches = SearchIndex.matches(of: searchQuery, in: table, texts: textIndex)
                stepMatch(forward: true, includingCursor: true)
            }
            return []
        default: field.apply(action)
        }
        overlay = .search(field)
        if field.count != before { runSearch(field.text, from: searchOrigin, live: true) }
        return []
    }

    /// Opens the prompt with an empty query; the search starts from the row the cursor is on now.
    mutating func startSearch() {
        searchOrigin = cursor
        if textIndex == nil { textIndex = TextIndex(snapshot) }
        overlay = .search(TextField())
    }

    /// Esc in the prompt: the query is dropped and the cursor goes back where the search started.
    mutating func cancelSearch() {
        overlay = .none
        searchQuery = ""
        searchMatches = []
        message = nil
        reveal(searchOrigin)
    }

    /// Finds every view whose class, texts, identifiers or path contain the query, and goes to the first at or
    /// after `origin` (the cursor when not given); a query that contains the last one looks only at its matches.
    mutating func runSearch(_ query: String, from origin: Int? = nil, live: Bool = false) {
        func searchesPaths(_ text: String) -> Bool { text.contains("/") || text.contains("[") }
        let narrowing =
            !searchQuery.isEmpty && query.lowercased().contains(searchQuery.lowercased())
            && searchesPaths(query) == searchesPaths(searchQuery)
        let previous = narrowing ? searchMatches : nil
        searchQuery = query
        guard !query.isEmpty else {
            searchMatches = []
            message = nil
            if live { reveal(searchOrigin) }
            return
        }
        if live, snapshot.count > searchCountLimit, let textIndex {
            searchMatches = nil
            guard let first = SearchIndex.firstMatch(of: query, in: table, from: origin ?? cursor, texts: textIndex)
            else {
                searchMatches = []
                reveal(searchOrigin)
                sayNoMatch(query)
                return
            }
            if outline.filtered != nil { outline.setFilter(nil) }
            reveal(Int(first))
            say(.info("“\(query)”: the first match from where the search began  (Enter counts them)"))
            return
        }
        let matches = SearchIndex.matches(of: query, in: table, among: previous, texts: textIndex)
        searchMatches = matches
        guard !matches.isEmpty else {
            if live { reveal(searchOrigin) }
            sayNoMatch(query)
            return
        }
        if outline.filtered != nil { outline.setFilter(nil) }
        if let origin { cursor = origin }
        stepMatch(forward: true, includingCursor: true)
    }

    /// Says that nothing matches `query`, and which view the highlight stays on: what a key such as circling acts on
    /// next, which a person who missed the search would otherwise not know.
    private mutating func sayNoMatch(_ query: String) {
        say(.warning("no view matches “\(query)”; the highlight stays on \(ViewWords.describe(cursor, in: self))"))
    }

    mutating func stepMatch(forward: Bool, includingCursor: Bool = false) {
        let searchMatches =
            self.searchMatches
            ?? SearchIndex.matches(of: searchQuery, in: table, texts: textIndex)
        self.searchMatches = searchMatches
        guard !searchMatches.isEmpty else {
            if searchQuery.isEmpty {
                say(.warning("no search yet: press \(KeyHint.startSearch.key) to search"))
            } else {
                sayNoMatch(searchQuery)
            }
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
        say(
            .info(
                "“\(searchQuery)”: match \(position + 1) of \(searchMatches.count)  (\(KeyHint.nextMatch.key) next, \(KeyHint.previousMatch.key) previous)"
            ))
    }
}
