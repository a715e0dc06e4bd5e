/// Splits text into lines of at most a given number of columns, breaking at spaces where it can.
enum WordWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if CharWidth.of(String(rest)) <= width {
                lines.append(String(rest))
                break
            }
            var piece = CharWidth.prefix(String(rest), fitting: width)
            if piece.isEmpty { piece = String(rest.prefix(1)) }
            // Break after the last space, unless that leaves most of the line empty.
            if let space = piece.lastIndex(of: " "), piece.distance(from: piece.startIndex, to: space) > piece.count / 3
            {
                piece = String(piece[...space])
            }
            lines.append(piece.hasSuffix(" ") ? String(piece.dropLast()) : piece)
            rest = rest.dropFirst(piece.count)
        }
        return lines
    }
}
