import LassoSnapshot

/// Turns `adb shell dumpsys activity top` text into a lasso snapshot: the `View Hierarchy:` section of one activity,
/// the activity being the page.
///
/// With several activities (several tasks, or a task's stack) it takes the one `--activity` names, else the last
/// resumed one (`mResumed=true`), else the last; a note says which. Views come from `View.toString()` lines
/// (`DumpsysViewLine`): class, visibility, clickable/long-clickable, focused/selected, `left,top-right,bottom` (the
/// parent's pixels) and the resource name.
enum DumpsysImporter {
    static func importDump(_ bytes: [UInt8], file: String, options: ImportOptions) throws(InputError)
        -> ImportedSnapshot
    {
        let listing = DumpsysListing(text: try SourceText.decode(bytes, file: file))
        let candidates = listing.activities.indices.filter { !listing.activities[$0].views.isEmpty }
        guard !candidates.isEmpty else {
            throw InputError(
                file: file, line: 1, column: 1,
                expected: "a View Hierarchy: section under an ACTIVITY line (adb shell dumpsys activity top)",
                found: listing.activities.isEmpty
                    ? "no ACTIVITY line" : "\(listing.activities.count) ACTIVITY line(s) without views")
        }
        let names = candidates.map { listing.activities[$0].name ?? "(unnamed)" }
        let chosen: Int
        let reason: String
        if let wanted = options.activity {
            guard let match = candidates.indices.last(where: { ActivityName.matches(names[$0], wanted) }) else {
                throw InputError(
                    file: file, line: 1, column: 1, expected: "an activity named \"\(wanted)\" (--activity)",
                    found: names.joined(separator: ", "))
            }
            chosen = match
            reason = "named by --activity"
        } else if let resumed = candidates.indices.last(where: { listing.activities[candidates[$0]].resumed }) {
            chosen = resumed
            reason = "resumed"
        } else {
            chosen = candidates.count - 1
            reason = "the last; none says mResumed=true"
        }
        let activity = listing.activities[candidates[chosen]]
        var builder = Builder(file: file, unfinishedLine: listing.unfinishedLine, tree: options.newTree())
        try builder.build(activity)

        var notes: [String] = []
        if candidates.count > 1 {
            let others = names.enumerated().filter { $0.offset != chosen }.map(\.element)
            notes.append(
                "\(candidates.count) activities with views: took \(names[chosen]) (\(reason)); the others (\(others.joined(separator: ", "))) can be taken with --activity NAME"
            )
        } else if let name = activity.name {
            notes.append("took \(name)\(activity.resumed ? " (resumed)" : "")")
        }
        notes.append(
            "dumpsys gives no texts, content descriptions or scroll offsets, and no density: frames and the screen size are in pixels, and views inside scrolled lists are placed as if unscrolled"
        )
        if builder.cells > 0 {
            notes.append(
                "list items (children of a RecyclerView, ListView or GridView) got indexPath [0, place among the list's items on screen]: the adapter position is not in the dump"
            )
        }
        if let unfinished = listing.unfinishedLine, activity.views.last?.line != unfinished {
            notes.append(
                "the file ends in the middle of line \(unfinished), without a line break: it looks cut short, and whatever came after that line is missing"
            )
        }
        if builder.skipped > 0 {
            notes.append(
                "\(builder.skipped) line\(builder.skipped == 1 ? "" : "s") in the View Hierarchy section that \(builder.skipped == 1 ? "is" : "are") not a view \(builder.skipped == 1 ? "was" : "were") ignored"
            )
        }
        var top = JSONObject()
        // `ACTIVITY com.example.shop/.MainActivity`: the part before the slash is the app's package.
        let package = activity.name.flatMap { name in
            name.firstIndex(of: "/").map { String(name[..<$0]) }
        }.flatMap { SafeName.isSafe($0) && !$0.isEmpty ? $0 : nil }
        if options.appKey == nil, let package {
            notes.append(
                "the app key is the activity's package, \(package) (--app-key names another); the dump has no app version (--app-version)"
            )
        }
        top["app"] = .object(options.app(platform: "android", key: package))
        if let screen = builder.screen, screen.width > 0, screen.height > 0 {
            top["screen"] = .object(JSONObject(["width": .double(screen.width), "height": .double(screen.height)]))
        }
        top["importedFrom"] = ImportOptions.source(.dumpsys, file: file, notes: notes)
        return ImportedSnapshot(
            tree: builder.tree, topLevel: top, notes: notes, format: .dumpsys,
            viewCount: builder.tree.count)
    }

    /// Builds the tree from an activity's view lines.
    private struct Builder {
        let file: String
        /// The file's last line when no line break ends it (a dump cut short).
        let unfinishedLine: Int?
        var tree: ImportedTree
        var screen: (width: Double, height: Double)?
        var cells = 0
        var skipped = 0
        var classes = AndroidClassKinds()

        init(file: String, unfinishedLine: Int?, tree: ImportedTree) {
            self.file = file
            self.tree = tree
            self.unfinishedLine = unfinishedLine
        }

        mutating func build(_ activity: DumpsysListing.Activity) throws(InputError) {
            // The rows of the open views by depth, and whether each row's children are list items.
            var open: [Int] = []
            var isList: [Bool] = []
            var positions: [Int: Int] = [:]
            var rootDepth: Int?
            for line in activity.views {
                guard let view = DumpsysViewLine(line.text) else {
                    if line.line == unfinishedLine {
                        throw InputError(
                            file: file, line: line.line, column: line.column,
                            expected: "a whole view line, ending in '}' and a line break",
                            found:
                                "\"\(DisplayText.escaped(String(line.text.suffix(60))))\" where the file ends: the dump was cut short"
                        )
                    }
                    // A line that names a class before its brace is a view line gone wrong; others (the
                    // `Looper (main, tid 2) {2b059f8}` that follows the views on Android 12 and later) are not views.
                    let head = line.text.prefix { $0 != "{" }
                    if line.text.contains("{"), head.contains("."), !head.contains(" ") {
                        throw InputError(
                            file: file, line: line.line, column: line.column,
                            expected:
                                "a view line such as android.widget.FrameLayout{8df07d6 V.E...... ........ 0,63-1080,2220 #1020002 android:id/content}",
                            found:
                                "\"\(DisplayText.escaped(String(line.text.prefix(60))))\(line.text.count > 60 ? "…" : "")\""
                        )
                    }
                    skipped += 1
                    continue
                }
                let depth = line.depth - (rootDepth ?? line.depth)
                if rootDepth == nil { rootDepth = line.depth }
                if depth <= 0 && !tree.isEmpty {
                    // A second top-level view: kept beside the first, under it would be wrong; the first stays the root.
                    open = [0]
                } else {
                    open.removeSubrange(min(open.count, max(0, depth))...)
                }
                let parent = open.last
                let kind = classes.kind(of: view.className)
                var fields: [JSONObject.Member] = []
                fields.reserveCapacity(12)
                fields.append(JSONObject.Member(key: "class", value: kind.simple))
                fields.append(JSONObject.Member(key: "superclasses", value: kind.superclasses))
                let visibility = DumpsysViewLine.flag(view.viewFlags, 0)
                if visibility == "I" || visibility == "G" {
                    fields.append(JSONObject.Member(key: "hidden", value: .bool(true)))
                }
                if let parent, isList[parent] {
                    let position = positions[parent, default: 0]
                    positions[parent] = position + 1
                    fields.append(JSONObject.Member(key: "indexPath", value: .array([.int(0), .int(position)])))
                    cells += 1
                }
                if let name = view.resourceName {
                    fields.append(JSONObject.Member(key: "accessibilityIdentifier", value: .string(name)))
                }
                var gestures: [JSONValue] = []
                if DumpsysViewLine.flag(view.viewFlags, 6) == "C" { gestures.append(.string("UITapGestureRecognizer")) }
                if DumpsysViewLine.flag(view.viewFlags, 7) == "L" {
                    gestures.append(.string("UILongPressGestureRecognizer"))
                }
                if !gestures.isEmpty { fields.append(JSONObject.Member(key: "gestures", value: .array(gestures))) }
                var state = JSONObject()
                if DumpsysViewLine.flag(view.stateFlags, 2) == "S" { state["selected"] = .bool(true) }
                if !view.viewFlags.isEmpty, DumpsysViewLine.flag(view.viewFlags, 2) != "E" {
                    state["enabled"] = .bool(false)
                }
                if !state.isEmpty { fields.append(JSONObject.Member(key: "state", value: .object(state))) }
                // Without an ACTIVITY line (the section pasted alone), the window title of `DecorView@…[Title]` names it.
                if parent == nil, let name = activity.name ?? view.title.flatMap({ $0.isEmpty ? nil : $0 }) {
                    let controller = JSONObject([
                        "class": .string(ActivityName.simple(name)),
                        "properties": .object(JSONObject(["activity": .string(name)])),
                    ])
                    fields.append(JSONObject.Member(key: "viewController", value: .object(controller)))
                }
                var properties: [JSONObject.Member] = []
                properties.reserveCapacity(5 + view.extras.count)
                properties.append(JSONObject.Member(key: "class", value: .string(view.className)))
                properties.append(JSONObject.Member(key: "hash", value: .string(view.hash)))
                if !view.viewFlags.isEmpty {
                    properties.append(
                        JSONObject.Member(key: "flags", value: .string(view.viewFlags + " " + view.stateFlags)))
                }
                if let id = view.idHex { properties.append(JSONObject.Member(key: "id", value: .string(id))) }
                if let title = view.title {
                    properties.append(JSONObject.Member(key: "title", value: .string(title)))
                }
                var withExtras = JSONObject(properties)
                for extra in view.extras where withExtras[extra.name] == nil {
                    withExtras[extra.name] = .string(extra.value)
                }
                fields.append(JSONObject.Member(key: "properties", value: .object(withExtras)))
                var frame: Rect?
                if let (left, top, right, bottom) = view.edges {
                    frame = Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
                }
                let row = tree.add(JSONObject(fields), parent: parent, frame: frame)
                if parent == nil, let frame { screen = (frame.width, frame.height) }
                if parent == nil, frame == nil { rootWithoutFrame = row }
                if let rootWithoutFrame, parent == rootWithoutFrame, let frame {
                    // The window holds all of its children (the navigation bar lies below the content).
                    let width = max(screen?.width ?? 0, frame.x + frame.width)
                    let height = max(screen?.height ?? 0, frame.y + frame.height)
                    screen = (width, height)
                    tree.setFrame(rootWithoutFrame, Rect(x: 0, y: 0, width: width, height: height))
                }
                isList.append(kind.isList)
                open.append(row)
            }
        }

        /// A `DecorView@…` root has no frame of its own: it gets the extent of all its children.
        private var rootWithoutFrame: Int?
    }
}
