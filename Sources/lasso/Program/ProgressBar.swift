import Foundation

/// A one-line progress bar on standard error, for a terminal only: redrawn at most ten times a second.
final class ProgressBar {
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private let started = ContinuousClock.now
    private var drawn = false

    func show(_ done: Int64, of total: Int64) {
        let now = ContinuousClock.now
        guard now - lastDrawn >= .milliseconds(100) else { return }
        lastDrawn = now
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let filled = Int(fraction * 30)
        let elapsed = now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(done) / seconds / 1e6 : 0
        let line =
            "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] "
            + String(format: "%3.0f%%  %.0f MB/s", fraction * 100, rate)
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        drawn = true
    }

    /// Removes the bar's line, if it was drawn.
    func clear() {
        guard drawn else { return }
        let blank = "\r" + String(repeating: " ", count: 50) + "\r"
        _ = blank.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
