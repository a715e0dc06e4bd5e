/// Works out where views are on the screen: window coordinates from superview frames and scroll offsets (docs/snapshot-format.md, "Coordinates").
public enum WindowGeometry {
    /// The frame of `node` in window coordinates, or nil when it or an ancestor has no frame.
    public static func windowFrame(of node: Int, in snapshot: Snapshot) -> Rect? {
        guard var frame = snapshot.frame(of: node) else { return nil }
        var current = snapshot.parent(of: node)
        while let ancestor = current {
            guard let ancestorFrame = snapshot.frame(of: ancestor) else {
                if snapshot.parent(of: ancestor) == nil { break }
                return nil
            }
            let offset = contentOffset(of: ancestor, in: snapshot)
            frame.x += ancestorFrame.x - offset.x
            frame.y += ancestorFrame.y - offset.y
            current = snapshot.parent(of: ancestor)
        }
        return frame
    }

    /// A scroll view's `state.contentOffset` (`[x, y]` or `{"x":…, "y":…}`), zero otherwise.
    public static func contentOffset(of node: Int, in snapshot: Snapshot) -> (x: Double, y: Double) {
        guard let offset = snapshot.state(of: node)?["contentOffset"] else { return (0, 0) }
        if let pair = offset.arrayValue, pair.count == 2 { return (pair[0].doubleValue ?? 0, pair[1].doubleValue ?? 0) }
        return (offset["x"]?.doubleValue ?? 0, offset["y"]?.doubleValue ?? 0)
    }
}
