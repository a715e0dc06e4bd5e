/// Turns UIKit `recursiveDescription` text, as the debugger prints it, into a lasso snapshot; `_printHierarchy`
/// lines in the same text (or in a second file) attach view controllers to the views whose addresses they name.
///
/// The nesting comes from each line's `|` marks (or its indentation when there are none), so nothing recurses.
/// `frame = (x y; w h)` is already superview-relative; `text = '…'`, `hidden = YES`, `alpha`, `tag`,
/// `contentOffset: {x, y}` and `image = <UIImage… named(…: name)>` map to their fields; `baseClass = UITableViewCell`
/// and lasso's table of UIKit classes give the superclasses; the other members (`clipsToBounds`, `autoresize`,
/// `userInteractionEnabled`, `opaque`, …) are kept under `properties`; layer lines are skipped.
enum UIKitTextImporter {
    /// Members that become fields (or are dropped) rather than properties.
    static let mappedMembers: Set<String> = [
        "frame", "text", "hidden", "alpha", "baseClass", "layer", "gestureRecognizers", "contentOffset", "image",
    ]

    static func importDump(
        _ bytes: [UInt8], file: String, options: ImportOptions, controllers: (bytes: [UInt8], file: String)?
    ) throws(InputError) -> ImportedSnapshot {
        var listing = try UIKitTextListing(text: SourceText.decode(bytes, file: file), file: file)
        if let controllers {
            let extra = try UIKitTextListing(
                text: SourceText.decode(controllers.bytes, file: controllers.file), file: controllers.file)
            listing.controllers += extra.controllers
        }
        guard !listing.views.isEmpty else {
            throw InputError(
                file: file, line: listing.firstLine.map(\.number) ?? 1, column: 1,
                expected:
                    "recursiveDescription lines such as <UIView: 0x7f8e4bc0b2a0; frame = (0 0; 375 667); layer = <CALayer: 0x600000e2c8a0>>",
                found: listing.firstLine.map { "\"\(DisplayText.escaped(String($0.text.prefix(50))))\"" }
                    ?? "no line with a view")
        }
        var builder = UIKitTextTree(file: file)
        try builder.build(listing.views)
        let attached = builder.attach(listing.controllers)
        builder.finishCellsAndButtons()

        var notes: [String] = []
        if listing.controllers.isEmpty {
            notes.append(
                "recursiveDescription has no view controllers: the window is the page; add the _printHierarchy output (in the same file, or with --controllers FILE) to get pages"
            )
        } else if attached.unmatched > 0 {
            notes.append(
                "\(attached.unmatched) view controller\(attached.unmatched == 1 ? "'s view is" : "s' views are") not in the view dump (not in the window): left out"
            )
        }
        if builder.cells > 0 {
            notes.append(
                "text dumps have no index paths: a cell's row is its place by position (top to bottom, then left to right) among its list's cells, in section 0"
            )
        }
        if builder.gestureViews > 0 {
            notes.append(
                "recursiveDescription shows gesture recognizers only as an array address: views with any get UIGestureRecognizer (whether tap or long press is unknown)"
            )
        }
        if builder.windows > 1 {
            notes.append("\(builder.windows) top-level views (windows) were put under one UIApplication root")
        }
        if listing.layers > 0 {
            notes.append("\(listing.layers) layer line\(listing.layers == 1 ? " was" : "s were") skipped")
        }
        if listing.skipped > 0 {
            notes.append(
                "\(listing.skipped) line\(listing.skipped == 1 ? " that is" : "s that are") not a view or a view controller \(listing.skipped == 1 ? "was" : "were") ignored, such as \"\(DisplayText.escaped(String(listing.firstSkipped.prefix(40))))\(listing.firstSkipped.count > 40 ? "…" : "")\""
            )
        }
        var top = JSONObject()
        top["app"] = .object(options.app(platform: "ios"))
        if let size = builder.rootSize, size.width > 0, size.height > 0 {
            top["screen"] = .object(JSONObject(["width": .double(size.width), "height": .double(size.height)]))
        }
        options.addScreenshot(to: &top)
        top["importedFrom"] = ImportOptions.source(.uikitText, file: file, notes: notes)
        return ImportedSnapshot(json: builder.tree.documentText(topLevel: top), notes: notes, format: .uikitText)
    }
}
