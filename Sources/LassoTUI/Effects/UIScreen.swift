/// Where the UI loop reads input and draws: the curses terminal, or a scripted screen in tests.
@MainActor
public protocol UIScreen: AnyObject {
    /// The next key, click or resize; nil when none came within a short wait (a twentieth of a second at most), so that
    /// the loop can take in the outcomes of effects meanwhile.
    func nextEvent() -> InputEvent?
    /// The next event when one is already waiting, else nil at once: what the loop takes in before drawing.
    func pendingEvent() -> InputEvent?
    /// Shows `grid`, changing only the cells that differ from what is shown.
    func draw(_ grid: Grid)
    /// Forgets what is shown, so that the next `draw` writes every cell.
    func invalidate()
}

extension UIScreen {
    /// A screen that cannot tell what is waiting gives its events one a frame.
    public func pendingEvent() -> InputEvent? { nil }
}
