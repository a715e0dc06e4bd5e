import Foundation
import LassoSnapshot

/// Draws a snapshot's views the way the app would roughly look: bars and cells on a light background, buttons in
/// the shop's orange, images as coloured blocks, texts in a real font, so that the picture agrees with the tree.
enum ScreenPainter {
    static let background = RGB(242, 242, 247)
    static let white = RGB(255, 255, 255)
    static let ink = RGB(28, 28, 30)
    static let separator = RGB(198, 198, 200)
    static let accent = RGB(255, 80, 0)

    static func paint(_ snapshot: Snapshot, scale: Double, font: FontRenderer) -> Canvas {
        let screen = snapshot.screen ?? ScreenInfo(width: 390, height: 844)
        var canvas = Canvas(
            width: Int((screen.width * scale).rounded()), height: Int((screen.height * scale).rounded()),
            color: background)
        var visible = [Bool](repeating: true, count: snapshot.count)
        // For each view, the text written last on its line of ancestors, or by itself: a button's label repeats the
        // button's title, and is not written over it a second time.
        var written = [String?](repeating: nil, count: snapshot.count)
        for node in snapshot.indices {
            let shown = !snapshot.isHidden(of: node) && (snapshot.alpha(of: node) ?? 1) > 0.01
            visible[node] = shown && (snapshot.parent(of: node).map { visible[$0] } ?? true)
            written[node] = snapshot.parent(of: node).flatMap { written[$0] }
            guard visible[node], let frame = WindowGeometry.windowFrame(of: node, in: snapshot) else { continue }
            let box = (
                x: Int((frame.x * scale).rounded()), y: Int((frame.y * scale).rounded()),
                width: Int((frame.width * scale).rounded()), height: Int((frame.height * scale).rounded())
            )
            guard box.width > 0, box.height > 0 else { continue }
            if let text = draw(
                node, in: snapshot, box: box, scale: scale, font: font, above: written[node], on: &canvas)
            {
                written[node] = text
            }
        }
        return canvas
    }

    /// Draws one view; returns the text it wrote, if any (none when it is `above`, what an ancestor wrote).
    private static func draw(
        _ node: Int, in snapshot: Snapshot, box: (x: Int, y: Int, width: Int, height: Int), scale: Double,
        font: FontRenderer, above: String?, on canvas: inout Canvas
    ) -> String? {
        let name = snapshot.className(of: node)
        let chain = [name] + snapshot.superclasses(of: node)
        func isA(_ words: String...) -> Bool { chain.contains { c in words.contains { c.contains($0) } } }
        let line = max(1, Int(scale.rounded()))
        var textColor = ink
        var centered = false
        if isA("Dimming", "Backdrop") {
            canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height, color: RGB(0, 0, 0), alpha: 0.4)
        } else if isA("UIButton") {
            let hasTitle = snapshot.title(of: node) != nil
            if hasTitle && box.height < Int(60 * scale) {
                canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height, color: accent)
                textColor = white
            }
            centered = true
        } else if isA("UIImageView") {
            canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height, color: tint(of: snapshot, node))
            textColor = white
        } else if isA("Cell", "UINavigationBar", "UITabBar", "Alert", "UIToolbar") {
            canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height, color: white)
            canvas.fill(x: box.x, y: box.y + box.height - line, width: box.width, height: line, color: separator)
        } else if isA("UITextField", "UISearchBarTextField") {
            canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height, color: RGB(227, 227, 232))
            textColor = RGB(120, 120, 128)
        } else if isA("UISwitch") {
            let on = snapshot.state(of: node)?["isOn"] == .bool(true)
            canvas.fill(
                x: box.x, y: box.y, width: box.width, height: box.height,
                color: on ? RGB(52, 199, 89) : RGB(229, 229, 234))
        } else if snapshot.isPageRoot(node) {
            canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height, color: background)
        }
        guard let text = snapshot.title(of: node) ?? snapshot.text(of: node), !text.isEmpty, text != above,
            !isA("UIImageView")
                || box.height > Int(40 * scale)
        else { return nil }
        // Text about half the view's height, at most 17 points tall; its line centred in the view.
        let size = max(1, min(Int(17 * scale), box.height / 2))
        let metrics = font.lineMetrics(size: size)
        let width = font.measure(text, size: size)
        let pad = Int(8 * scale)
        let x = centered ? box.x + max(0, (box.width - width) / 2) : box.x + min(pad, box.width / 4)
        let baseline = box.y + (box.height - metrics.ascent - metrics.descent) / 2 + metrics.ascent
        font.draw(
            text, on: &canvas, x: x, baseline: baseline, size: size, color: textColor, limit: box.x + box.width)
        return text
    }

    /// A steady colour for an image view, from its image name or text.
    private static func tint(of snapshot: Snapshot, _ node: Int) -> RGB {
        let seed = (snapshot.imageName(of: node) ?? snapshot.text(of: node) ?? snapshot.className(of: node))
            .unicodeScalars
            .reduce(UInt32(2_166_136_261)) { ($0 ^ $1.value) &* 16_777_619 }
        let palette = [
            RGB(232, 90, 79), RGB(79, 134, 232), RGB(82, 183, 136), RGB(244, 162, 54), RGB(155, 89, 182),
            RGB(52, 172, 196),
        ]
        return palette[Int(seed % UInt32(palette.count))]
    }
}
