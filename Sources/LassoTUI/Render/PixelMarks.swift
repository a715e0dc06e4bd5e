import LassoCounting
import LassoSnapshot

/// The marks the canvas puts on a picture drawn in the terminal's own pixels: the heat map's tints (biggest views
/// first), the configured and matched views' outlines, and the highlighted view's, in screen points.
enum PixelMarks {
    /// The marks for `state`, and the busiest view's taps when the heat map is drawn (the legend's top).
    static func marks(_ state: AppState, limit: Int) -> (marks: [PixelPicture.Mark], busiest: Int?) {
        var marks: [PixelPicture.Mark] = []
        func mark(_ node: Int, _ kind: PixelPicture.Kind) -> PixelPicture.Mark? {
            guard let frame = state.geometry.frame(of: node) else { return nil }
            return PixelPicture.Mark(
                x: Double(frame.x), y: Double(frame.y), width: Double(frame.z), height: Double(frame.w), kind: kind)
        }
        var busiest: Int?
        if state.heatMap, let counts = state.counts, counts.busiestView > 0 {
            busiest = counts.busiestView
            var tints: [PixelPicture.Mark] = []
            for (node, taps) in counts.views {
                guard let level = HeatScale.level(taps, busiest: counts.busiestView),
                    let tint = mark(node, .heat(level))
                else { continue }
                tints.append(tint)
            }
            // A small view's heat stays on top of its container's.
            tints.sort { $0.width * $0.height > $1.width * $1.height }
            marks += tints.prefix(limit)
        }
        let matched = Set(state.formMatchedViews)
        for node in state.configuredViews.sorted() where !matched.contains(node) && marks.count < limit * 2 {
            if let outline = mark(node, .configured) { marks.append(outline) }
        }
        for node in matched.sorted() where marks.count < limit * 3 {
            if let outline = mark(node, .matched) { marks.append(outline) }
        }
        if let highlight = mark(state.cursor, .highlight) { marks.append(highlight) }
        return (marks, busiest)
    }
}
