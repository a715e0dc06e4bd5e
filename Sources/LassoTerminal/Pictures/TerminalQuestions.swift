import Foundation
import LassoImage

/// Asks the terminal on standard input and output its `TerminalAnswers`, before curses starts: the tty is put in
/// raw mode for at most `timeout`, and given back as it was.
enum TerminalQuestions {
    /// How long an answer is waited for: a terminal that answers does so within a few milliseconds, even over ssh
    /// on the same continent.
    static let timeout: Duration = .milliseconds(300)

    /// Asks the terminal, or with `throughTmux` the terminal outside tmux (through its passthrough, which carries
    /// the answers back too); tmux itself (`insideTmux` without `throughTmux`) is asked its device attributes alone.
    static func ask(throughTmux: Bool, insideTmux: Bool) -> TerminalAnswers {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return TerminalAnswers() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return TerminalAnswers() }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let questions =
            throughTmux
            ? TmuxPassthrough.wrap(TerminalAnswers.questions)
            : (insideTmux ? TerminalAnswers.attributesQuestion : TerminalAnswers.questions)
        let written = questions.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        guard written == questions.count else { return TerminalAnswers() }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline && answer.count < 16_384 {
            let left = deadline - clock.now
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) > 0 else { break }
            let count = buffer.withUnsafeMutableBufferPointer { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
            if TerminalAnswers.complete(answer) { break }
        }
        return TerminalAnswers(parsing: answer)
    }

    /// The cell size the tty's window size gives (xterm, kitty, foot and tmux fill in its pixel fields); nil when
    /// they are zero.
    static func windowCell() -> PixelSize? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        let width = Int(size.ws_xpixel) / Int(size.ws_col)
        let height = Int(size.ws_ypixel) / Int(size.ws_row)
        let cell = PixelSize(width: width, height: height)
        return cell.isCell ? cell : nil
    }
}
