import LassoSnapshot

/// The snapshot's screenshot in the UI: the decoded picture, whether it is shown, and its cells for the pane's size now.
public struct PictureState: Sendable {
    public let image: RGBImage
    /// False after the toggle key: the canvas draws frames alone.
    public internal(set) var shown = true
    /// The picture scaled to the canvas as it was last sized; made again only when that size changes.
    public internal(set) var scaled: ScaledPicture?

    /// True when the terminal shows the picture's own pixels (kitty, iTerm2 or sixel): the canvas leaves its cells
    /// blank and asks for a `PixelPicture` with the marks drawn on it, instead of half blocks.
    public let pixels: Bool

    public init(image: RGBImage, pixels: Bool = false) {
        self.image = image
        self.pixels = pixels
    }

    /// The inside of the canvas pane (its border excluded) in `layout`.
    public static func canvas(_ layout: Layout) -> Layout.Area {
        let pane = layout.canvas
        return Layout.Area(x: pane.x + 1, y: pane.y + 1, width: max(0, pane.width - 2), height: max(0, pane.height - 2))
    }

    /// Scales the picture's `viewport` to `canvas` unless it already is.
    mutating func fit(_ canvas: Layout.Area, screen: (width: Double, height: Double), viewport: CanvasViewport) {
        guard shown, !pixels else { return }
        if let scaled, scaled.columns == canvas.width, scaled.rows == canvas.height, scaled.viewport == viewport {
            return
        }
        scaled = ScaledPicture(
            image: image, screen: screen, columns: canvas.width, rows: canvas.height, viewport: viewport)
    }
}
