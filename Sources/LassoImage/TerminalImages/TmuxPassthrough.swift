/// Bytes for the terminal outside tmux, sent through tmux's passthrough (`allow-passthrough on`): wrapped in
/// `ESC P tmux; … ESC \` with their escapes doubled. One wrapper arrives whole; between two, tmux may write its own
/// output (a cursor move), so what must stay together (a cursor move and the image drawn there, a whole sixel image)
/// goes in one.
public enum TmuxPassthrough {
    public static func wrap(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / 8 + 16)
        out.append(contentsOf: [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8))
        for byte in payload {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        return out
    }
}
