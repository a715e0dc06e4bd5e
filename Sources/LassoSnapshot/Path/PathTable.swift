/// The viewPath of every view of a snapshot under one profile, worked out in one linear pass (docs/viewpath.md, "The rules").
///
/// It stores, per view, only its own segment (name and index) and its page; a full path is assembled on
/// demand by walking up, so building the table costs O(views) whatever the depth.
public struct PathTable: Sendable {
    public let snapshot: Snapshot
    public let profile: PathRules
    /// Path names, one per distinct runtime class name of the snapshot.
    let nameOfClass: [Int32]
    let names: [String]
    /// Per view: its segment index, as (position, -1) or (section, row) with `isCellIndex`.
    let indexA: [Int32]
    let indexB: [Int32]
    package let isCellIndex: [Bool]
    /// Per view: the nearest view at or above it that is a view controller's root view, or -1.
    package let pageRoot: [Int32]
    package let skipped: [Bool]
    /// True when the root is no view but holds the windows (`<hierarchy>` of a uiautomator or Maestro dump, the
    /// `UIApplication` of an iOS dump of several windows): it gives no segment to the paths below it, whose windows
    /// start them, each with its own index.
    public let documentRoot: Bool

    public init(_ snapshot: Snapshot, profile: PathRules = .standard) {
        self.snapshot = snapshot
        self.profile = profile
        var names: [String] = []
        var nameIDs: [String: Int32] = [:]
        var nameOfClass: [Int32] = []
        var skippedClass: [Bool] = []
        for runtime in snapshot.classNames {
            let name = ClassName.pathName(runtime)
            if let id = nameIDs[name] {
                nameOfClass.append(id)
            } else {
                nameIDs[name] = Int32(names.count)
                nameOfClass.append(Int32(names.count))
                names.append(name)
            }
            skippedClass.append(profile.skipClasses.contains(name))
        }
        self.names = names
        self.nameOfClass = nameOfClass

        let count = snapshot.count
        var indexA = [Int32](repeating: 0, count: count)
        var indexB = [Int32](repeating: -1, count: count)
        var isCellIndex = [Bool](repeating: false, count: count)
        var pageRoot = [Int32](repeating: -1, count: count)
        var skipped = [Bool](repeating: false, count: count)
        var cellChainCache: [Int32: Bool] = [:]
        var seenOfName = [Int32](repeating: 0, count: names.count)
        var touched: [Int32] = []
        for node in 0..<count {
            let record = snapshot.records[node]
            skipped[node] = skippedClass[Int(record.classID)]
            if record.controller >= 0 {
                pageRoot[node] = Int32(node)
            } else if record.parent >= 0 {
                pageRoot[node] = pageRoot[Int(record.parent)]
            }
            // Sibling positions: one pass over each view's children, counting names in a reused scratch table.
            guard record.childCount > 0 else { continue }
            var child = node + 1
            var cellPosition: Int32 = 0
            while true {
                let childRecord = snapshot.records[child]
                let nameID = nameOfClass[Int(childRecord.classID)]
                let isCell: Bool
                if childRecord.section >= 0 {
                    isCell = true
                } else {
                    let key = childRecord.classID &* 65_537 &+ childRecord.superclassesID
                    if let known = cellChainCache[key] {
                        isCell = known
                    } else {
                        isCell = snapshot.isKind(child, ofAny: UIKitClasses.cells)
                        cellChainCache[key] = isCell
                    }
                }
                if isCell {
                    isCellIndex[child] = true
                    if childRecord.section >= 0 {
                        indexA[child] = childRecord.section
                        indexB[child] = childRecord.row
                    } else {
                        // A cell without an indexPath: its row is its place among its list's cells.
                        indexA[child] = 0
                        indexB[child] = cellPosition
                    }
                    cellPosition += 1
                } else if profile.siblingIndex == .all {
                    indexA[child] = childRecord.ordinal
                } else {
                    if seenOfName[Int(nameID)] == 0 { touched.append(nameID) }
                    indexA[child] = seenOfName[Int(nameID)]
                }
                if profile.siblingIndex == .sameName && !isCell || isCell {
                    if seenOfName[Int(nameID)] == 0 && isCell { touched.append(nameID) }
                    seenOfName[Int(nameID)] += 1
                }
                guard childRecord.nextSibling >= 0 else { break }
                child = Int(childRecord.nextSibling)
            }
            for nameID in touched { seenOfName[Int(nameID)] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
        // Several windows (the status bar's, the launcher's, the keyboard's beside the app's): the key window and the
        // app's come first, so that its paths start as its SDK, which never sees the others, would count them.
        let numbered = snapshot.numberedWindows
        if numbered.count > 1 && numbered != snapshot.documentWindows {
            var seen: [Int32: Int32] = [:]
            for (ordinal, window) in numbered.enumerated() {
                if profile.siblingIndex == .all {
                    indexA[window] = Int32(ordinal)
                } else {
                    let nameID = nameOfClass[Int(snapshot.records[window].classID)]
                    indexA[window] = seen[nameID, default: 0]
                    seen[nameID, default: 0] += 1
                }
            }
        }
        self.indexA = indexA
        self.indexB = indexB
        self.isCellIndex = isCellIndex
        self.pageRoot = pageRoot
        self.skipped = skipped
        documentRoot =
            count > 1 && snapshot.records[0].controller < 0
            && Self.documentRootNames.contains(names[Int(nameOfClass[Int(snapshot.records[0].classID)])])
    }

    /// The classes of a dump's root that is no view but holds the windows: lasso's XML importers give an Android
    /// dump's document element `hierarchy`; an iOS dump of several windows has the `UIApplication` above them.
    static let documentRootNames: Set<String> = ["hierarchy", "UIApplication"]

    /// True when `node` starts the paths below it with no page above it: the root, or a window under a document root.
    package func isWindow(_ node: Int) -> Bool {
        let parent = snapshot.records[node].parent
        return parent < 0 || (documentRoot && parent == 0)
    }

    // MARK: Reading paths

    /// The path name of a view's class.
    public func name(of node: Int) -> String { names[Int(nameOfClass[snapshot.classID(of: node)])] }

    func nameID(of node: Int) -> Int32 { nameOfClass[snapshot.classID(of: node)] }

    /// The view's own segment index, as its superview sees it.
    public func ownIndex(of node: Int) -> SegmentIndex {
        isCellIndex[node] ? .cell(section: Int(indexA[node]), row: Int(indexB[node])) : .position(Int(indexA[node]))
    }

    /// The index this view's own segment has in its path: 0 for a page's root view and the window (rule 7).
    public func segmentIndex(of node: Int) -> SegmentIndex {
        if documentRoot && snapshot.records[node].parent == 0 { return ownIndex(of: node) }
        return pageRoot[node] == Int32(node) || snapshot.records[node].parent < 0 ? .position(0) : ownIndex(of: node)
    }

    /// The root view of the page (view controller) that holds `node`, or nil when no view controller is above it.
    public func page(of node: Int) -> Int? {
        let page = pageRoot[node]
        return page < 0 ? nil : Int(page)
    }

    /// The segment that names the page of `node`: the view controller, its alias, and its pager page number.
    public func pageSegment(ofPageRoot root: Int) -> PathSegment {
        let controller = snapshot.controller(of: root)!
        return PathSegment(
            name: ClassName.pathName(controller.className), alias: controller.alias,
            index: .position(pagerPage(of: root) ?? 0))
    }

    /// The page number of a page whose root view sits in a paging scroll view (docs/viewpath.md, rule 7), else nil.
    public func pagerPage(of root: Int) -> Int? {
        guard let pager = snapshot.parent(of: root), isPager(pager), let frame = snapshot.frame(of: root),
            let pagerFrame = snapshot.frame(of: pager)
        else { return nil }
        var page = 0.0
        if pagerFrame.width > 0 { page += (frame.midX / pagerFrame.width).rounded(.down) }
        if pagerFrame.height > 0 { page += (frame.midY / pagerFrame.height).rounded(.down) }
        // A frame from the snapshot may be any size: a page number past Int32 is no real page, so it is clamped.
        guard page.isFinite else { return 0 }
        return Int(min(max(page, 0), Double(Int32.max)))
    }

    func isPager(_ node: Int) -> Bool {
        if snapshot.isKind(node, ofAny: UIKitClasses.pagingScrollViews) { return true }
        guard snapshot.records[node].state.isAbsent == false else { return false }
        return snapshot.state(of: node)?["pagingEnabled"] == .bool(true)
    }

    /// The full viewPath of `node` (docs/viewpath.md, rules 1–7).
    public func path(of node: Int) -> ViewPath {
        var segments: [PathSegment] = []
        let page = pageRoot[node]
        var current = node
        while true {
            if current == Int(page) || snapshot.records[current].parent < 0 {
                // The page's root view, or the window when no page is above: index 0.
                segments.append(PathSegment(name: name(of: current), index: .position(0)))
                break
            }
            if page < 0 && documentRoot && snapshot.records[current].parent == 0 {
                // A window under a document element: it starts the path, told from the other windows by its index.
                segments.append(PathSegment(name: name(of: current), index: ownIndex(of: current)))
                break
            }
            if current == node || !skipped[current] {
                segments.append(PathSegment(name: name(of: current), index: ownIndex(of: current)))
            }
            current = Int(snapshot.records[current].parent)
        }
        if page >= 0 { segments.append(pageSegment(ofPageRoot: Int(page))) }
        segments.reverse()
        return ViewPath(segments)
    }

    /// The path written in the profile's notation.
    public func pathText(of node: Int) -> String { profile.notation.write(path(of: node)) }

    /// The viewId of the view's path under the profile's hash.
    public func viewId(of node: Int) -> String { ViewId.make(path(of: node), hash: profile.hash) }

    /// `pathText(of:)` and `viewId(of:)` from one walk up the tree (and one writing, in lasso's notation).
    public func pathTextAndViewId(of node: Int) -> (text: String, viewId: String) {
        let path = path(of: node)
        let lassoText = PathNotation.lasso.write(path)
        let text = profile.notation == .lasso ? lassoText : profile.notation.write(path)
        return (text, ViewId.make(lassoText: lassoText, hash: profile.hash))
    }

    /// The page chain of `node`, outermost first: each page's view-controller segment label.
    public func pageChain(of node: Int) -> [String] {
        var chain: [String] = []
        var current: Int? = page(of: node)
        while let root = current {
            chain.append(pageSegment(ofPageRoot: root).label)
            current = snapshot.parent(of: root).flatMap { page(of: $0) }
        }
        return chain.reversed()
    }
}
