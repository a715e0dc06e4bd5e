import LassoSnapshot

/// The image protocols a terminal may speak, and each one's encoding of a picture placed over a rectangle of cells.
public enum TerminalImageProtocol: String, Sendable, CaseIterable {
    /// The kitty graphics protocol: kitty, Ghostty, Konsole, WezTerm.
    case kitty
    /// iTerm2's inline images: iTerm2, WezTerm.
    case iterm
    /// DEC sixel graphics: xterm `-ti vt340`, foot, mlterm, Windows Terminal, tmux 3.4 built with sixel.
    case sixel

    /// True when the image is part of the cells (text written there replaces it, and clearing the screen removes it);
    /// false for kitty's, which lies apart from the cells until it is deleted.
    public var livesInCells: Bool { self != .kitty }

    /// What shows `image` over `columns` × `rows` cells from the cursor, in two parts: sequences that may go
    /// anywhere before (kitty's transmission, chunk by chunk), and the one that draws at the cursor. `id` names
    /// kitty's image.
    public func encode(_ image: RGBImage, columns: Int, rows: Int, id: Int) throws(ImageError) -> (
        before: [[UInt8]], atCursor: [UInt8]
    ) {
        switch self {
        case .kitty:
            return (
                KittyImageEncoder.transmit(image, id: id), KittyImageEncoder.place(id: id, columns: columns, rows: rows)
            )
        case .iterm: return ([], try ITermImageEncoder.encode(image, columns: columns, rows: rows))
        case .sixel: return ([], SixelEncoder.encode(image))
        }
    }
}
