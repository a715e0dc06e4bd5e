/// The part of the screen the canvas shows, in points: all of it, or, magnified (`+`/`-`), a window around the
/// highlighted view that follows it as it moves, so that a row fills the pane and its label reads.
public struct CanvasViewport: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// The magnifications `+` steps through.
    public static let magnifications = [1, 2, 4, 8]

    /// The whole screen.
    public init(screen: (width: Double, height: Double)) {
        self.init(x: 0, y: 0, width: max(screen.width, 1), height: max(screen.height, 1))
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The window `magnification` times smaller than the screen, centred on `center` and kept on the screen.
    public init(screen: (width: Double, height: Double), magnification: Int, center: (x: Double, y: Double)) {
        let whole = CanvasViewport(screen: screen)
        guard magnification > 1 else {
            self = whole
            return
        }
        let width = whole.width / Double(magnification)
        let height = whole.height / Double(magnification)
        func placed(_ middle: Double, _ size: Double, _ limit: Double) -> Double {
            guard middle.isFinite else { return 0 }
            return min(max(middle - size / 2, 0), limit - size)
        }
        self.init(
            x: placed(center.x, width, whole.width), y: placed(center.y, height, whole.height), width: width,
            height: height)
    }
}

extension AppState {
    /// What the canvas shows now: the whole screen, or the magnified window around the highlighted view.
    public var canvasViewport: CanvasViewport {
        let screen = geometry.screen
        guard canvasMagnification > 1 else { return CanvasViewport(screen: screen) }
        let middle: (x: Double, y: Double)
        if let frame = geometry.frame(of: cursor) {
            middle = (Double(frame.x + frame.z / 2), Double(frame.y + frame.w / 2))
        } else {
            middle = (screen.width / 2, screen.height / 2)
        }
        return CanvasViewport(screen: screen, magnification: canvasMagnification, center: middle)
    }
}
