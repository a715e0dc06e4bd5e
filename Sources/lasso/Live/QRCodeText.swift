import CQREncode

/// A QR code of a text drawn in the terminal with half blocks (two modules a character cell, top and bottom), by the
/// system's libqrencode: dark modules on a light ground, with a quiet zone of two modules around it.
struct QRCodeText {
    /// The modules, row by row: true is dark.
    let modules: [[Bool]]

    /// The QR code of `text` (byte mode, error correction L: the smallest code, for a link a phone scans off a
    /// screen); nil when the text is too long for any QR code.
    init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_L) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = code.pointee.data!
        modules = (0..<width).map { row in (0..<width).map { column in data[row * width + column] & 1 == 1 } }
    }

    /// The quiet zone, in modules, on every side.
    static let quiet = 2

    /// The code as lines of text: `▀`, `▄`, `█` and spaces, each line `colored` (black on white, so a terminal with a
    /// dark ground shows it as a phone expects) when asked.
    func lines(colored: Bool) -> [String] {
        let size = modules.count + 2 * Self.quiet
        func dark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - Self.quiet, column - Self.quiet)
            guard r >= 0, c >= 0, r < modules.count, c < modules.count else { return false }
            return modules[r][c]
        }
        var lines: [String] = []
        for top in stride(from: 0, to: size, by: 2) {
            var line = ""
            for column in 0..<size {
                // Light is the ground: a cell shows the dark halves in the foreground colour.
                switch (dark(top, column), top + 1 < size && dark(top + 1, column)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(colored ? "\u{1B}[30;47m" + line + "\u{1B}[0m" : line)
        }
        return lines
    }
}
