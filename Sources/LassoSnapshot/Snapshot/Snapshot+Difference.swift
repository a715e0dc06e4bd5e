/// Compares what two snapshots say, field by field and view by view, whatever bytes each keeps its values in.
extension Snapshot {
    /// The first thing `other` says differently (in words, naming the view), or nil when the two say the same.
    ///
    /// A snapshot built straight from a dump is checked this way against the one its JSON document loads to.
    public func firstDifference(from other: Snapshot) -> String? {
        if count != other.count { return "\(count) views against \(other.count)" }
        if classNames != other.classNames { return "class names \(classNames) against \(other.classNames)" }
        if lists != other.lists { return "name lists \(lists) against \(other.lists)" }
        if app != other.app { return "app \(app) against \(other.app)" }
        if capturedAt != other.capturedAt { return "capturedAt \(String(describing: capturedAt))" }
        if screen != other.screen {
            return "screen \(String(describing: screen)) against \(String(describing: other.screen))"
        }
        if !sameScreenshot(as: other) { return "the screenshot reference" }
        if unknownTopLevelFields != other.unknownTopLevelFields { return "the unknown top-level fields" }
        for node in indices {
            if let field = differingField(of: node, in: other) { return "view \(node): \(field)" }
        }
        return nil
    }

    private func sameScreenshot(as other: Snapshot) -> Bool {
        guard let mine = screenshot, let theirs = other.screenshot else {
            return screenshot == nil && other.screenshot == nil
        }
        var left = mine
        var right = theirs
        left.data = .absent
        right.data = .absent
        left.fileText = .absent
        right.fileText = .absent
        return left == right && mine.isEmbedded == theirs.isEmbedded
            && (!mine.isEmbedded || string(mine.data) == other.string(theirs.data))
    }

    private func differingField(of node: Int, in other: Snapshot) -> String? {
        let a = records[node]
        let b = other.records[node]
        let links: [(String, Int32, Int32)] = [
            ("classID", a.classID, b.classID), ("superclassesID", a.superclassesID, b.superclassesID),
            ("actionsID", a.actionsID, b.actionsID), ("gesturesID", a.gesturesID, b.gesturesID),
            ("parent", a.parent, b.parent), ("depth", a.depth, b.depth), ("ordinal", a.ordinal, b.ordinal),
            ("childCount", a.childCount, b.childCount), ("nextSibling", a.nextSibling, b.nextSibling),
            ("subtreeEnd", a.subtreeEnd, b.subtreeEnd), ("section", a.section, b.section), ("row", a.row, b.row),
        ]
        for (name, left, right) in links where left != right { return "\(name) \(left) against \(right)" }
        if a.hidden != b.hidden { return "hidden" }
        if !(a.alpha == b.alpha || (a.alpha.isNaN && b.alpha.isNaN)) { return "alpha \(a.alpha) against \(b.alpha)" }
        if frame(of: node) != other.frame(of: node) {
            return "frame \(String(describing: frame(of: node))) against \(String(describing: other.frame(of: node)))"
        }
        let texts: [(String, (Snapshot) -> String?)] = [
            ("text", { $0.text(of: node) }), ("title", { $0.title(of: node) }),
            ("accessibilityIdentifier", { $0.accessibilityIdentifier(of: node) }),
            ("accessibilityLabel", { $0.accessibilityLabel(of: node) }), ("imageName", { $0.imageName(of: node) }),
            ("viewPath", { $0.sdkViewPath(of: node) }),
        ]
        for (name, read) in texts where read(self) != read(other) {
            return "\(name) \(String(describing: read(self))) against \(String(describing: read(other)))"
        }
        if state(of: node) != other.state(of: node) { return "state" }
        if properties(of: node) != other.properties(of: node) { return "properties" }
        if unknownFields(of: node) != other.unknownFields(of: node) { return "unknown fields" }
        switch (controller(of: node), other.controller(of: node)) {
        case (nil, nil): break
        case (let mine?, let theirs?):
            if mine.className != theirs.className || mine.superclasses != theirs.superclasses
                || mine.title != theirs.title || mine.alias != theirs.alias
                || properties(of: mine) != other.properties(of: theirs)
                || unknownFields(of: mine) != other.unknownFields(of: theirs)
            {
                return "view controller"
            }
        default: return "whether it has a view controller"
        }
        return nil
    }
}
