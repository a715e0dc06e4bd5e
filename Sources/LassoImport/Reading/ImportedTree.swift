import LassoSnapshot

/// A view tree that an importer builds in pre-order and writes out as `lasso.snapshot/1` JSON text, without recursion.
///
/// Each view keeps its own fields as a `JSONObject`; the nesting is written from the pre-order parent links, so a
/// dump nested 100,000 deep costs no stack (one nested `JSONValue` would recurse to be written and to be freed).
/// A frame the importer gives is kept as numbers beside the fields and written as their last member, where setting
/// it among them would put it: its numbers are not spelled out to be read back when the snapshot is built.
struct ImportedTree {
    /// One view: its fields (never `children`), its frame, its parent's row (-1 for the root), and where its children's
    /// frames start.
    /// A member whose value an importer has already written as compact JSON text, set among a view's fields before
    /// the one at `position` (after them all when it is their count).
    struct WrittenMember: Sendable {
        var key: String
        var json: [UInt8]
        var position: Int
    }

    struct View {
        var fields: JSONObject
        /// A member already written as compact JSON (an importer that read it in place), among the fields.
        var written: WrittenMember?
        /// The frame relative to the superview, written after `fields` (nil when there is none, or when the fields hold
        /// a `frame` of their own, which is then set there).
        var frame: Rect?
        var parent: Int
        var depth: Int
        var childCount: Int
        /// The window position that the frames of this view's children are relative to: its own origin when its frame
        /// is known, else its parent's (so a frameless view costs nothing to look through).
        var childOrigin: (x: Double, y: Double)
    }

    private(set) var views: [View] = []
    /// The last view added and its ancestors, by depth: what a view listing one of them would close a cycle with.
    private var openPath: [Int] = []
    /// The number of views from which the snapshot table is built beside the import (`ImportedTableFeed`); nil when
    /// the tree is only written out.
    private let feedsTableFrom: Int?
    private var feed: ImportedTableFeed?
    /// The views added since the last batch was handed to the feed.
    private var feedBatch: [ImportedTableFeed.Entry] = []
    /// Frames set on views already handed to the feed, for its table to take at the end.
    private var lateFrames: [(row: Int, frame: Rect)] = []
    /// Whether a view's fields changed after it was handed to the feed: its table is then not the tree's.
    private var feedOutdated = false

    /// A tree; with `feedsTableFrom`, one whose snapshot is wanted (`snapshot(head:file:)`): once it has that many
    /// views, the table is built on a second thread as views are added.
    init(feedsTableFrom: Int? = nil) {
        self.feedsTableFrom = feedsTableFrom
    }

    var count: Int { views.count }
    var isEmpty: Bool { views.isEmpty }

    subscript(row: Int) -> View { views[row] }

    /// Adds a view under `parent` (nil for the root) with its frame already relative to its superview.
    ///
    /// Views must come in pre-order: `parent` is the last view added or one of its ancestors.
    /// `written` is a member already written as compact JSON, set among the fields where its `position` says.
    @discardableResult
    mutating func add(
        _ fields: consuming JSONObject, parent: Int?, frame: Rect? = nil, written: WrittenMember? = nil
    ) -> Int {
        let parent = parentOrRoot(parent)
        let base: (x: Double, y: Double) = parent.map { views[$0].childOrigin } ?? (0, 0)
        var origin = base
        if let frame { origin = (base.x + frame.x, base.y + frame.y) }
        return append(fields, written: written, frame: frame, parent: parent, childOrigin: origin)
    }

    /// Adds a view whose frame the source gives in window coordinates; its `frame` becomes relative to its superview
    /// (to the nearest ancestor with a known frame, when the superview has none).
    @discardableResult
    mutating func add(
        _ fields: consuming JSONObject, parent: Int?, windowFrame: Rect?, written: WrittenMember? = nil
    ) -> Int {
        let parent = parentOrRoot(parent)
        let base: (x: Double, y: Double) = parent.map { views[$0].childOrigin } ?? (0, 0)
        var origin = base
        var frame: Rect?
        if let windowFrame {
            frame = Rect(
                x: windowFrame.x - base.x, y: windowFrame.y - base.y, width: windowFrame.width,
                height: windowFrame.height)
            origin = (windowFrame.x, windowFrame.y)
        }
        return append(fields, written: written, frame: frame, parent: parent, childOrigin: origin)
    }

    /// Whether the view at `row` has a frame.
    func hasFrame(_ row: Int) -> Bool {
        views[row].frame != nil || views[row].fields["frame"] != nil
    }

    /// Sets the frame of the view at `row`, where it is, or as its last member.
    mutating func setFrame(_ row: Int, _ frame: Rect) {
        if views[row].fields["frame"] != nil {
            views[row].fields["frame"] = ImportedTree.json(frame)
            if feed != nil { feedOutdated = true }
        } else {
            views[row].frame = frame
            if feed != nil { lateFrames.append((row, frame)) }
        }
    }

    /// `parent`, or the root for a second view without one: a snapshot has one root, and a source that gives several
    /// (a damaged SDK snapshot whose views do not all hang from its root object) keeps the later ones under the first.
    private func parentOrRoot(_ parent: Int?) -> Int? {
        parent ?? (views.isEmpty ? nil : 0)
    }

    private mutating func append(
        _ fields: consuming JSONObject, written: WrittenMember?, frame: Rect?, parent: Int?,
        childOrigin: (x: Double, y: Double)
    ) -> Int {
        let row = views.count
        var depth = 0
        if let parent {
            views[parent].childCount += 1
            depth = views[parent].depth + 1
        }
        var frame = frame
        // A frame among the fields (a source that names one) is set there, as setting a member does.
        if let given = frame, fields["frame"] != nil {
            fields["frame"] = ImportedTree.json(given)
            frame = nil
        }
        views.append(
            View(
                fields: fields, written: written, frame: frame, parent: parent ?? -1, depth: depth, childCount: 0,
                childOrigin: childOrigin))
        openPath.removeSubrange(min(depth, openPath.count)...)
        openPath.append(row)
        if let feedsTableFrom { feedTable(row, from: feedsTableFrom) }
        return row
    }

    /// Hands the view at `row` to the feed, starting it (with the views before) once the tree is large enough.
    private mutating func feedTable(_ row: Int, from threshold: Int) {
        if feed == nil {
            guard views.count >= threshold else { return }
            feed = ImportedTableFeed(expectedViews: views.count * 2)
            feedBatch.reserveCapacity(ImportedTableFeed.batchSize)
            for early in 0..<row { handOver(early) }
        }
        handOver(row)
    }

    private mutating func handOver(_ row: Int) {
        let view = views[row]
        feedBatch.append(
            ImportedTableFeed.Entry(fields: view.fields, written: view.written, frame: view.frame, parent: view.parent))
        if feedBatch.count == ImportedTableFeed.batchSize, let feed {
            feed.put(feedBatch)
            feedBatch.removeAll(keepingCapacity: true)
        }
    }

    /// The snapshot of the tree under the top-level members of `head` (the document's start up to `"root": `), built
    /// straight from its fields (by the feed, when one ran), or nil when a field is one to leave to the loader.
    mutating func snapshot(head: [UInt8], file: String) throws(InputError) -> Snapshot? {
        if let feed {
            self.feed = nil
            let last = feedBatch
            feedBatch = []
            if !feedOutdated {
                guard var table = feed.finish(last) else { return nil }
                for (row, frame) in lateFrames {
                    guard table.setFrame(frame, row: row) else { return nil }
                }
                return try table.snapshot(head: head, file: file)
            }
        }
        return try ImportedTreeTable.snapshot(of: self, head: head, file: file)
    }

    /// Whether `row` is `parent` itself or one of its ancestors, where `parent` is the last view added or one of its
    /// ancestors (as it is while a tree is built in pre-order): a view that lists such a row as its child makes a cycle.
    func isSelfOrAncestor(_ row: Int, of parent: Int) -> Bool {
        let depth = views[row].depth
        return depth <= views[parent].depth && depth < openPath.count && openPath[depth] == row
    }

    static func json(_ rect: Rect) -> JSONValue {
        .array([.double(rect.x), .double(rect.y), .double(rect.width), .double(rect.height)])
    }

    // MARK: Writing

    /// The document as UTF-8 JSON: the top-level members (`format` first) two-space indented, then the tree with one
    /// view a line, indented by depth (the indent stops growing at 40 levels, so the text stays linear in the views).
    func document(topLevel: JSONObject) -> [UInt8] {
        document(head: ImportedTree.documentHead(topLevel: topLevel))
    }

    /// The document whose start up to `"root": ` is `head` (`documentHead(topLevel:)`), then the tree.
    func document(head: [UInt8]) -> [UInt8] {
        var out = head
        out.reserveCapacity(out.count + views.count * 160)
        writeTree(into: &out)
        JSONArrayWriter.append("\n}\n", to: &out)
        return out
    }

    /// The document's start as UTF-8: `{`, the top-level members (`format` first), and `"root": `, ready for the tree.
    /// Written straight into bytes: a member as large as a 50 MB screenshot is copied once.
    static func documentHead(topLevel: JSONObject) -> [UInt8] {
        var out: [UInt8] = []
        JSONArrayWriter.append("{\n", to: &out)
        writeMember("format", .string(SnapshotFormat.identifier), into: &out)
        for member in topLevel.members where member.key != "format" && member.key != "root" {
            JSONArrayWriter.append(",\n", to: &out)
            writeMember(member.key, member.value, into: &out)
        }
        JSONArrayWriter.append(",\n  \"root\": ", to: &out)
        return out
    }

    private static func writeMember(_ key: String, _ value: JSONValue, into out: inout [UInt8]) {
        JSONArrayWriter.append("  ", to: &out)
        JSONArrayWriter.writeString(key, into: &out)
        JSONArrayWriter.append(": ", to: &out)
        JSONArrayWriter.write(value, into: &out)
    }

    private func writeTree(into out: inout [UInt8]) {
        guard !views.isEmpty else {
            JSONArrayWriter.append("{\"class\":\"UIWindow\"}", to: &out)
            return
        }
        // Open views whose children are being written, innermost last.
        var open: [Int] = []
        for row in views.indices {
            let view = views[row]
            var closedAny = false
            while let top = open.last, top != view.parent {
                JSONArrayWriter.append("]}", to: &out)
                open.removeLast()
                closedAny = true
            }
            if row > 0 {
                if closedAny || views[row - 1].parent == view.parent { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\n"))
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 + 2 * min(view.depth, 40)))
            }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (position, member) in view.fields.members.enumerated() {
                if let written = view.written, written.position == position {
                    ImportedTree.write(written, first: first, into: &out)
                    first = false
                }
                if member.key == "children" { continue }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSONArrayWriter.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                JSONArrayWriter.write(member.value, into: &out)
            }
            if let written = view.written, written.position >= view.fields.count {
                ImportedTree.write(written, first: first, into: &out)
                first = false
            }
            if let frame = view.frame {
                JSONArrayWriter.append(first ? "\"frame\":" : ",\"frame\":", to: &out)
                JSONArrayWriter.write(ImportedTree.json(frame), into: &out)
                first = false
            }
            if view.childCount > 0 {
                if first {
                    JSONArrayWriter.append("\"children\":[", to: &out)
                } else {
                    JSONArrayWriter.append(",\"children\":[", to: &out)
                }
                open.append(row)
            } else {
                out.append(UInt8(ascii: "}"))
            }
        }
        for _ in open { JSONArrayWriter.append("]}", to: &out) }
    }
}

extension ImportedTree {
    /// Writes a member already written as compact JSON, after a comma unless it is the view's first.
    fileprivate static func write(_ member: WrittenMember, first: Bool, into out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        JSONArrayWriter.writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: member.json)
    }
}

/// A foreign dump turned into `lasso.snapshot/1` text, with what the source could not tell.
public struct ImportedSnapshot: Sendable {
    /// The `lasso.snapshot/1` JSON text, as UTF-8.
    public var utf8: [UInt8]
    /// What the import could not know or had to guess, each said once ("no view controllers: the window is the page").
    public var notes: [String]
    public var format: SnapshotSourceFormat
    /// The number of views in the snapshot.
    public var viewCount: Int?
    /// The screenshot the dump carried (SDK snapshots do), for the snapshot's `screenshot` field.
    public var screenshot: ImportedScreenshot?
    /// The snapshot itself, when the importer built it straight from the dump (then `utf8` is empty).
    var built: Snapshot?
    /// The tree an importer made and the document's top-level members, until `SnapshotReader` writes the document or
    /// builds the snapshot from them (then `utf8` is empty).
    var unwritten: (tree: ImportedTree, topLevel: JSONObject)?

    public init(
        json: String, notes: [String], format: SnapshotSourceFormat, viewCount: Int? = nil,
        screenshot: ImportedScreenshot? = nil
    ) {
        self.init(utf8: Array(json.utf8), notes: notes, format: format, viewCount: viewCount, screenshot: screenshot)
    }

    public init(
        utf8: [UInt8], notes: [String], format: SnapshotSourceFormat, viewCount: Int? = nil,
        screenshot: ImportedScreenshot? = nil
    ) {
        self.utf8 = utf8
        self.notes = notes
        self.format = format
        self.viewCount = viewCount
        self.screenshot = screenshot
    }

    /// An import whose tree is written or built later (`unwritten`).
    init(
        tree: ImportedTree, topLevel: JSONObject, notes: [String], format: SnapshotSourceFormat, viewCount: Int? = nil,
        screenshot: ImportedScreenshot? = nil
    ) {
        self.init(utf8: [], notes: notes, format: format, viewCount: viewCount, screenshot: screenshot)
        unwritten = (tree, topLevel)
    }

    /// Writes the document of an unwritten tree, or builds its snapshot when `building` and every field allows it.
    mutating func finish(file: String, building: Bool) throws(InputError) {
        // Moved out, not copied: the tree's one reference goes to the thread that frees it (with a second one left
        // here, freeing its hundreds of thousands of values fell to this thread whenever that one ended first).
        guard let (taken, topLevel) = unwritten.take() else { return }
        var tree = consume taken
        let head = ImportedTree.documentHead(topLevel: topLevel)
        if building, let snapshot = try tree.snapshot(head: head, file: file) {
            built = snapshot
            viewCount = snapshot.count
            BackgroundRelease.release(consume tree)
        } else {
            utf8 = tree.document(head: head)
        }
    }

    /// The `lasso.snapshot/1` JSON text.
    public var json: String { String(decoding: utf8, as: UTF8.self) }

    /// The document of an XML dump's tree: the notes every XML importer adds (index mismatches, stray text),
    /// then `app`, `screen` and `importedFrom` on top.
    static func fromXML(
        _ tree: ImportedTree, format: SnapshotSourceFormat, platform: String, screen: (width: Double, height: Double)?,
        file: String, options: ImportOptions, notes: [String], indexNote: String?, strayText: String?,
        appKey: String? = nil
    ) -> ImportedSnapshot {
        var notes = notes
        if let indexNote { notes.append(indexNote) }
        if let strayText {
            notes.append("text outside the XML was ignored: \"\(DisplayText.escaped(String(strayText.prefix(60))))\"")
        }
        var top = JSONObject()
        top["app"] = .object(options.app(platform: platform, key: appKey))
        if let screen {
            top["screen"] = .object(JSONObject(["width": .double(screen.width), "height": .double(screen.height)]))
        }
        options.addScreenshot(to: &top)
        top["importedFrom"] = ImportOptions.source(format, file: file, notes: notes)
        return ImportedSnapshot(tree: tree, topLevel: top, notes: notes, format: format)
    }
}
