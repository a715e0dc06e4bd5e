import LassoSnapshot

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
/// For a document (`lasso import`) the text is read twice from the bytes it is in (the file read whole): once for the
/// tree's shape, keeping 32 bytes a view, and once to write each view's JSON, so that a dump costs little more than its
/// JSON in memory. To open a dump (`building`), the snapshot's table is built in the first pass instead, and no JSON is
/// written or parsed.
enum UIKitTextImporter {
    static func importDump(
        _ bytes: [UInt8], file: String, options: ImportOptions, controllers: (bytes: [UInt8], file: String)?,
        building: Bool = false
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
        let shared = try SourceText.utf8(bytes, file: file)
        return try shared.withText { text in
            try importText(
                text, shared: shared, file: file, options: options, extraControllers: found, building: building)
        }
    }

    /// Imports `text` (which `shared` holds, for a second thread); `building` builds the snapshot instead of its JSON.
    private static func importText(
        _ text: UnsafeBufferPointer<UInt8>, shared: SharedText, file: String, options: ImportOptions,
        extraControllers: [(controller: DebugLine.Controller, presented: Bool)], building: Bool
    ) throws -> ImportedSnapshot {
        var listing = UIKitTextListing(text: text, file: file)
        let expectedViews = text.count / 96 + 16
        var tree = UIKitTextTree(text: text, file: file, expectedViews: expectedViews)
        // A large dump's table is built on a second thread as its views are found; a small one's on this thread.
        let pipeline =
            building && text.count >= UIKitTextPipeline.smallestText
            ? UIKitTextPipeline(text: shared, expectedViews: expectedViews) : nil
        var builder =
            building && pipeline == nil ? UIKitTextTableBuilder(text: text, expectedViews: expectedViews) : nil
        while let view = try listing.next() {
            let frame = tree.add(view, members: listing.members)
            guard building else { continue }
            let chainID = tree.entries[tree.entries.count - 1].chain
            let isSlider = tree.classes.chains[Int(chainID)].isSlider
            pipeline?.add(
                address: view.view.address, members: listing.members, frame: frame, isSlider: isSlider,
                chainID: chainID)
            builder?.add(
                address: view.view.address, members: listing.members, frame: frame, isSlider: isSlider,
                chainID: chainID)
        }
        if let pipeline { builder = UIKitTextTableBuilder(text: text, parts: pipeline.finish()) }
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
        let head = ImportedTree.documentHead(topLevel: top)
        if builder != nil {
            // Finished in place: a copy of the builder would share, then copy, its million records.
            let snapshot = try builder!.finish(tree: tree, head: head, file: file)
            var imported = ImportedSnapshot(utf8: [], notes: notes, format: .uikitText, viewCount: snapshot.count)
            imported.built = snapshot
            return imported
        }
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
