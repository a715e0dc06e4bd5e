/// The open elements of an XML dump while it is read: which view each became, and how many child views it has so
/// far, so that an importer knows a new element's parent and position without recursion.
struct ElementStack {
    /// One open element: the view it became (nil for a wrapper that makes no view) and the parent its children get.
    struct Entry {
        var row: Int?
        var parentForChildren: Int?
        var childViews: Int
    }

    private(set) var entries: [Entry] = []
    /// Elements whose `index` attribute disagreed with their place among their siblings (duplicates or gaps).
    private(set) var indexMismatches = 0

    /// The view that a new element's view goes under, or nil at the top.
    var parent: Int? { entries.last?.parentForChildren }

    /// The position the next child view of the innermost open element will have.
    var nextPosition: Int { entries.last?.childViews ?? 0 }

    /// Opens an element that became view `row` (nil: no view); `index` is its `index` attribute, checked against its place.
    mutating func open(row: Int?, index: String?) {
        if row != nil {
            if let index, let declared = Int(index), declared != nextPosition { indexMismatches += 1 }
            if !entries.isEmpty { entries[entries.count - 1].childViews += 1 }
        }
        entries.append(Entry(row: row, parentForChildren: row ?? parent, childViews: 0))
    }

    mutating func close() {
        if !entries.isEmpty { entries.removeLast() }
    }

    /// The note an importer gives when some `index` attributes were duplicated or skipped.
    var indexNote: String? {
        guard indexMismatches > 0 else { return nil }
        return
            "\(indexMismatches) element\(indexMismatches == 1 ? "'s" : "s'") index attribute did not match the place among its siblings (a duplicate or a gap): lasso used the order in the file"
    }
}
