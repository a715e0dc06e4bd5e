/// Turns UIKit `recursiveDescription` text, as the debugger prints it (or as snapshot-testing libraries record it,
/// without addresses), into a lasso snapshot; `_printHierarchy` lines in the same text (or in a second file) attach
/// view controllers to the views whose addresses they name.
///
/// The nesting comes from each line's `|` marks (or its indentation when there are none), so nothing recurses.
/// `frame = (x y; w h)` is already superview-relative; `text = '…'`, `hidden = YES`, `alpha`, `tag`,
/// `contentOffset: {x, y}` and `image = <UIImage… named(…: name)>` map to their fields; `baseClass = UITableViewCell`
/// and lasso's table of UIKit classes give the superclasses; the other members (`clipsToBounds`, `autoresize`,
/// `userInteractionEnabled`, `opaque`, …) are kept under `properties`; layer lines are skipped.
///
/// The text is read twice from the bytes it is in (the file read whole): once for the tree's shape, keeping 32 bytes a
/// view, and once to write each view's JSON, so that a dump costs little more than its JSON in memory.
enum UIKitTextImporter {
    static func importDump(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, options: ImportOptions,
        controllers: (bytes: [UInt8], file: String)?
    ) throws -> ImportedSnapshot {
        var found: [(controller: DebugLine.Controller, presented: Bool)] = []
        if let controllers {
            try controllers.bytes.withUnsafeBufferPointer { extra in
                try SourceText.withUTF8(extra, file: controllers.file) { text in
                    var listing = UIKitTextListing(text: text, file: controllers.file)
                    while try listing.next() != nil {}
                    found = listing.controllers
                }
            }
        }
        return try SourceText.withUTF8(bytes, file: file) { text in
            try importText(text, file: file, options: options, extraControllers: found)
        }
    }

    private static func importText(
        _ text: UnsafeBufferPointer<UInt8>, file: String, options: ImportOptions,
        extraControllers: [(controller: DebugLine.Controller, presented: Bool)]
    ) throws -> ImportedSnapshot {
        var listing = UIKitTextListing(text: text, file: file)
        var tree = UIKitTextTree(text: text, file: file, expectedViews: text.count / 96 + 16)
        while let view = try listing.next() { tree.add(view, members: listing.members) }
        guard listing.views > 0 else {
            throw InputError(
                file: file, line: listing.firstLine.map(\.number) ?? 1, column: 1,
                expected:
                    "recursiveDescription lines such as <UIView: 0x7f8e4bc0b2a0; frame = (0 0; 375 667); layer = <CALayer: 0x600000e2c8a0>>",
                found: listing.firstLine.map { "\"\(DisplayText.escaped(String($0.text.prefix(50))))\"" }
                    ?? "no line with a view")
        }
        if let badFrame = tree.badFrame { throw badFrame }
        let controllers = listing.controllers + extraControllers
        let unmatched = tree.attach(controllers)
        tree.giveCellsRows()
        let notes = Self.notes(listing: listing, tree: tree, controllers: controllers.count, unmatched: unmatched)

        var top = JSONObject()
        top["app"] = .object(options.app(platform: "ios"))
        if let size = tree.rootSize, size.width > 0, size.height > 0 {
            top["screen"] = .object(JSONObject(["width": .double(size.width), "height": .double(size.height)]))
        }
        options.addScreenshot(to: &top)
        top["importedFrom"] = ImportOptions.source(.uikitText, file: file, notes: notes)
        let head = Array(ImportedTree.documentHead(topLevel: top).utf8)
        // The JSON is a little larger than the text: room for twice it is reserved, which costs nothing until written.
        var document = UIKitTextDocument(tree: tree)
        let json = document.write(head: head, capacity: text.count * 2 + 65_536)
        return ImportedSnapshot(utf8: json, notes: notes, format: .uikitText)
    }

    /// What the dump could not tell, each said once.
    private static func notes(listing: UIKitTextListing, tree: UIKitTextTree, controllers: Int, unmatched: Int)
        -> [String]
    {
        var notes: [String] = []
        let addressless = tree.addressless == tree.entries.count
        if addressless {
            notes.append(
                "the dump has no addresses (as snapshot-testing libraries record it), so it has no view controllers: the top view is the page"
                    + (controllers > 0
                        ? "; the \(controllers) view controller\(controllers == 1 ? "" : "s") of _printHierarchy cannot be matched to its views and \(controllers == 1 ? "was" : "were") left out"
                        : ""))
            let root = tree.entries[0]
            let rootClass = tree.classes.chains[Int(root.chain)]
            if !tree.multipleRoots, !rootClass.isWindow {
                notes.append(
                    "the dump starts at a view, not at a window: its frame is taken as the screen, so positions on the screen are relative to it"
                )
            }
        } else if controllers == 0 {
            notes.append(
                "recursiveDescription has no view controllers: the window is the page; add the _printHierarchy output (in the same file, or with --controllers FILE) to get pages"
            )
        } else if unmatched > 0 {
            notes.append(
                "\(unmatched) view controller\(unmatched == 1 ? "'s view is" : "s' views are") not in the view dump (not in the window): left out"
            )
        }
        if tree.cellCount > 0 {
            notes.append(
                "text dumps have no index paths: a cell's row is its place by position (top to bottom, then left to right) among its list's cells, in section 0"
            )
        }
        if tree.gestureViews > 0 {
            notes.append(
                "recursiveDescription shows gesture recognizers only as an array address: views with any get UIGestureRecognizer (whether tap or long press is unknown)"
            )
        }
        if tree.multipleRoots {
            notes.append("\(tree.roots) top-level views (windows) were put under one UIApplication root")
        }
        if listing.layers > 0 {
            notes.append("\(listing.layers) layer line\(listing.layers == 1 ? " was" : "s were") skipped")
        }
        if listing.skipped > 0 {
            let first = listing.firstSkipped
            notes.append(
                "\(listing.skipped) line\(listing.skipped == 1 ? " that is" : "s that are") not a view or a view controller \(listing.skipped == 1 ? "was" : "were") ignored, such as \"\(DisplayText.escaped(String(first.prefix(40))))\(first.count > 40 ? "…" : "")\""
            )
        }
        return notes
    }
}
