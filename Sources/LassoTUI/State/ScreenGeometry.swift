import LassoSnapshot

/// Every view's frame in window coordinates, worked out once in one pass so that the canvas and clicks cost nothing per view.
public struct ScreenGeometry: Sendable {
    /// Per view: x, y, width, height in window points (NaN when the view or an ancestor has no frame).
    public let frames: [SIMD4<Float>]
    /// Per view: false when it or an ancestor is hidden or fully transparent.
    public let visible: [Bool]
    /// The screen (from the snapshot, else the root's frame).
    public let screen: (width: Double, height: Double)

    public init(_ snapshot: Snapshot) {
        var frames = [SIMD4<Float>](repeating: SIMD4(repeating: .nan), count: snapshot.count)
        var visible = [Bool](repeating: true, count: snapshot.count)
        // Scroll offsets of the views that are scrolled, by view.
        var contentOrigin = [SIMD2<Float>](repeating: .zero, count: snapshot.count)
        for node in snapshot.indices {
            let parent = snapshot.parent(of: node)
            let shown = !snapshot.isHidden(of: node) && (snapshot.alpha(of: node) ?? 1) > 0.01
            visible[node] = shown && (parent.map { visible[$0] } ?? true)
            guard let frame = snapshot.frame(of: node) else { continue }
            var origin = SIMD2<Float>(Float(frame.x), Float(frame.y))
            if let parent {
                let parentFrame = frames[parent]
                if parentFrame.x.isNaN { continue }
                origin += SIMD2(parentFrame.x, parentFrame.y) - contentOrigin[parent]
            }
            frames[node] = SIMD4(origin.x, origin.y, Float(frame.width), Float(frame.height))
            if snapshot.childCount(of: node) > 0 {
                let offset = WindowGeometry.contentOffset(of: node, in: snapshot)
                if offset.x != 0 || offset.y != 0 { contentOrigin[node] = SIMD2(Float(offset.x), Float(offset.y)) }
            }
        }
        self.frames = frames
        self.visible = visible
        if let screen = snapshot.screen {
            self.screen = (screen.width, screen.height)
        } else if let root = snapshot.count > 0 ? snapshot.frame(of: 0) : nil {
            self.screen = (root.width, root.height)
        } else {
            self.screen = (390, 844)
        }
    }

    public func frame(of node: Int) -> SIMD4<Float>? {
        let frame = frames[node]
        return frame.x.isNaN ? nil : frame
    }

    /// The deepest visible view under a point (the last in pre-order, which UIKit draws in front).
    public func view(at x: Float, _ y: Float) -> Int? {
        var index = frames.count - 1
        while index >= 0 {
            let frame = frames[index]
            if visible[index], !frame.x.isNaN, x >= frame.x, y >= frame.y, x < frame.x + frame.z, y < frame.y + frame.w
            {
                return index
            }
            index -= 1
        }
        return nil
    }
}
