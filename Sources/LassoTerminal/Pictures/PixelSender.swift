import Foundation
import LassoImage
import LassoSnapshot
import LassoTUI

/// Puts the canvas's picture on the terminal in its image protocol after curses has drawn the cells: drawn at the
/// cell size now, sent only when the picture, its place or the cell size changed, and taken off when the canvas is
/// covered or the UI ends.
@MainActor
final class PixelSender {
    private let output: PictureOutput
    private let imageProtocol: TerminalImageProtocol
    /// What is on the screen now: the picture and the cell size it was drawn at.
    private var shown: (picture: PixelPicture, cell: PixelSize)?
    /// kitty's image ids, used in turn so that the new image is up before the old one goes.
    private var kittyID = 1
    private static let kittyIDs = [7_301, 7_302]

    init?(output: PictureOutput) {
        guard let imageProtocol = output.imageProtocol else { return nil }
        self.output = output
        self.imageProtocol = imageProtocol
    }

    /// The cell size now: the tty's window size (it changes with the font), else the terminal's answer, else
    /// tmux's.
    var cell: PixelSize? { TerminalQuestions.windowCell() ?? output.answeredCell ?? output.tmux?.cell }

    /// True when, before `next` is drawn, the cells under the image shown now must be written again: an image that
    /// lives in the cells stays there until text replaces it, so one that goes away or moves needs a repaint.
    func mustRepaint(before next: PixelPicture?) -> Bool {
        guard let shown, imageProtocol.livesInCells else { return false }
        return next?.area != shown.picture.area
    }

    /// Forgets what is shown (the screen is about to be cleared, which takes an image in the cells with it; kitty's
    /// is deleted), so that the next `show` sends the picture again.
    func forget() {
        if imageProtocol == .kitty { hide() }
        shown = nil
    }

    /// Shows `picture` (nil: none) unless it is already shown at the cell size now.
    func show(_ picture: PixelPicture?) {
        guard let picture, picture.area.width > 0, picture.area.height > 0, let cell else {
            hide()
            return
        }
        if let shown, shown.picture == picture, shown.cell == cell { return }
        // A picture larger than any screen shows (a wrong size from the terminal) is not drawn.
        guard picture.area.width * cell.width * picture.area.height * cell.height <= Self.pixelLimit else {
            hide()
            return
        }
        let image = PixelPainter.draw(picture, cellWidth: cell.width, cellHeight: cell.height)
        let old = shown.map { _ in Self.kittyIDs[kittyID] }
        if imageProtocol == .kitty { kittyID = 1 - kittyID }
        let id = Self.kittyIDs[kittyID]
        // Sixel in tiles a terminal draws (xterm's default limit is 1000 × 1000 pixels, and it says its own), and
        // tmux passes through.
        let limit =
            imageProtocol == .sixel
            ? Self.sixelTileLimit(terminal: output.sixelLimit, throughTmux: output.tmux != nil)
            : PixelSize(width: Int.max, height: Int.max)
        let tiles = CellTiles(
            image, columns: picture.area.width, rows: picture.area.height, cellWidth: cell.width,
            cellHeight: cell.height, limitWidth: limit.width, limitHeight: limit.height)
        var out: [UInt8] = []
        for tile in tiles.tiles {
            guard
                let (before, atCursor) = try? imageProtocol.encode(
                    tile.image, columns: tile.columns, rows: tile.rows, id: id)
            else { return }
            for sequence in before { out += wrapped(sequence) }
            out += place(atCursor, column: picture.area.x + tile.column, row: picture.area.y + tile.row)
        }
        if let old, imageProtocol == .kitty { out += wrapped(KittyImageEncoder.delete(id: old)) }
        write(out)
        shown = (picture, cell)
    }

    /// The most pixels a picture is drawn with: more than an 8K screen has.
    static let pixelLimit = 40_000_000

    /// The largest sixel image sent when the terminal does not say: xterm's default.
    nonisolated static let sixelLimit = PixelSize(width: 1000, height: 1000)
    /// The largest sixel tile sent through tmux, whose input buffer holds a sequence of at most 1 MiB.
    nonisolated static let tmuxSixelLimit = PixelSize(width: 400, height: 400)

    /// The largest sixel tile: what the terminal says it draws (else xterm's default), no larger than tmux passes
    /// through when the picture goes through it (a photo-like tile over 1 MiB is dropped by tmux, and nothing drawn).
    nonisolated static func sixelTileLimit(terminal: PixelSize?, throughTmux: Bool) -> PixelSize {
        let drawn = terminal ?? sixelLimit
        guard throughTmux else { return drawn }
        return PixelSize(
            width: min(drawn.width, tmuxSixelLimit.width), height: min(drawn.height, tmuxSixelLimit.height))
    }

    /// Takes the picture off: kitty's is deleted; one in the cells goes when curses writes them again, which
    /// `mustRepaint` asked for.
    func hide() {
        guard shown != nil else { return }
        if imageProtocol == .kitty { write(wrapped(KittyImageEncoder.delete(id: Self.kittyIDs[kittyID]))) }
        shown = nil
    }

    /// `payload` drawn with its top left corner at a cell, the cursor put back where curses left it.
    private func place(_ payload: [UInt8], column: Int, row: Int) -> [UInt8] {
        let left = column + (output.tmux?.left ?? 0)
        let top = row + (output.tmux?.top ?? 0)
        var bytes = Array("\u{1B}7\u{1B}[\(top + 1);\(left + 1)H".utf8)
        bytes += payload
        bytes += Array("\u{1B}8".utf8)
        return wrapped(bytes)
    }

    /// Through tmux's passthrough when the picture goes to the terminal outside tmux.
    private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        output.tmux == nil ? bytes : TmuxPassthrough.wrap(bytes)
    }

    private func write(_ bytes: [UInt8]) {
        // What curses wrote goes first.
        fflush(nil)
        var at = 0
        bytes.withUnsafeBufferPointer { buffer in
            while at < buffer.count {
                let count = Foundation.write(STDOUT_FILENO, buffer.baseAddress! + at, buffer.count - at)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                at += count
            }
        }
    }
}
