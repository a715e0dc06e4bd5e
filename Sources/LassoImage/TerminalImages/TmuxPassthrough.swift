/// Bytes for the terminal outside tmux, sent through tmux's passthrough (`allow-passthrough on`): each piece of at
/// most `pieceLimit` bytes wrapped in `ESC P tmux; … ESC \` with its escapes doubled, so that tmux's own input limit
/// never cuts a long image.
public enum TmuxPassthrough {
    /// The most bytes of the payload one wrapper carries.
    public static let pieceLimit = 32_768

    public static func wrap(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / 8 + 16)
        var start = 0
        while start < payload.count {
            let end = min(start + pieceLimit, payload.count)
            out.append(contentsOf: [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8))
            for byte in payload[start..<end] {
                if byte == 0x1B { out.append(0x1B) }
                out.append(byte)
            }
            out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
            start = end
        }
        return out
    }
}
