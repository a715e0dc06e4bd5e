import LassoImage
import LassoSnapshot
import Testing

@testable import LassoTerminal

@Suite("Which picture a terminal gets: asked, told by the environment, or through tmux")
struct PictureProbeTests {
    /// What xterm 379 `-ti vt340` answered (DA1 with 4, no kitty answer, its largest sixel), kitty 0.26's answer,
    /// and tmux 3.3's own DA1.
    static let xterm = Array("\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8)
    static let kitty = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;9t\u{1B}[?62;c".utf8)
    static let tmux = Array("\u{1B}[?1;2c".utf8)
    static let cell = PixelSize(width: 6, height: 13)

    @Test("answers are read wherever they lie in what came back")
    func answers() {
        let xterm = TerminalAnswers(parsing: Self.xterm)
        #expect(xterm.sixel && xterm.attributes && !xterm.kittyGraphics)
        #expect(xterm.sixelLimit == PixelSize(width: 1000, height: 1000))
        let kitty = TerminalAnswers(parsing: Array("jk".utf8) + Self.kitty)
        #expect(kitty.kittyGraphics && !kitty.sixel && kitty.cell == PixelSize(width: 9, height: 20))
        #expect(!TerminalAnswers.complete(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)), "the wait ends at DA1's answer")
        #expect(!TerminalAnswers(parsing: Self.tmux).sixel)
        // A cell size no terminal has is not believed (a picture of millions of pixels a cell would follow).
        #expect(TerminalAnswers(parsing: Array("\u{1B}[6;20000;9t\u{1B}[?62c".utf8)).cell == nil)
        #expect(TerminalAnswers(parsing: Array("\u{1B}[6;0;9t\u{1B}[?62c".utf8)).cell == nil)
    }

    func decide(
        _ choice: PictureChoice, environment: [String: String] = ["TERM": "xterm-256color"], tmux: TmuxPane? = nil,
        windowCell: PixelSize? = cell, answer: [UInt8] = [], outside: [UInt8] = []
    ) -> (PictureOutput, asked: [Bool]) {
        var asked: [Bool] = []
        let output = PictureProbe.decide(
            choice: choice, environment: environment, tmux: tmux, windowCell: windowCell
        ) { throughTmux in
            asked.append(throughTmux)
            return TerminalAnswers(parsing: throughTmux ? outside : answer)
        }
        return (output, asked)
    }

    @Test("auto: sixel where the device attributes say 4, kitty where it answers OK, blocks where neither")
    func auto() {
        let sixel = decide(.auto, answer: Self.xterm)
        #expect(sixel.0.imageProtocol == .sixel && sixel.0.sixelLimit == PixelSize(width: 1000, height: 1000))
        #expect(decide(.auto, answer: Self.kitty).0.imageProtocol == .kitty)
        let plain = decide(.auto, answer: Array("\u{1B}[?62;22c".utf8)).0
        #expect(plain == .blocks, "a terminal that says nothing of images gets half blocks, and no note")
        #expect(decide(.auto, answer: []).0 == .blocks, "nor does one that does not answer")
    }

    @Test("auto: the environment's word is taken without asking (kitty, iTerm2, WezTerm); dumb terminals get blocks")
    func environment() {
        let kitty = decide(.auto, environment: ["TERM": "xterm-kitty"])
        #expect(kitty.0.imageProtocol == .kitty && kitty.asked.isEmpty)
        #expect(decide(.auto, environment: ["TERM": "xterm", "TERM_PROGRAM": "iTerm.app"]).0.imageProtocol == .iterm)
        #expect(decide(.auto, environment: ["TERM": "xterm", "TERM_PROGRAM": "WezTerm"]).0.imageProtocol == .iterm)
        let dumb = decide(.auto, environment: ["TERM": "dumb"], answer: Self.xterm)
        #expect(dumb.0 == .blocks && dumb.asked.isEmpty)
    }

    @Test("a named protocol is used as told; none and blocks ask nothing")
    func named() {
        #expect(decide(.kitty, answer: []).0.imageProtocol == .kitty)
        let none = decide(.none, answer: Self.xterm)
        #expect(none.0 == .none && none.asked.isEmpty)
        #expect(decide(.blocks, answer: Self.xterm).0 == .blocks)
    }

    @Test("without a cell size in pixels there are no pixels, and the note says why; the terminal's answer will do")
    func cellSize() {
        let unknown = decide(.sixel, windowCell: nil, answer: Self.xterm).0
        #expect(unknown.imageProtocol == nil && unknown.note?.contains("pixels a character cell is") == true)
        let answered = decide(.auto, windowCell: nil, answer: Self.kitty).0
        #expect(answered.imageProtocol == .kitty && answered.answeredCell == PixelSize(width: 9, height: 20))
    }

    @Test(
        "inside tmux: its own sixel is used; else pixels go through passthrough where allowed, to the terminal outside")
    func tmux() {
        let closed = TmuxPane(passthrough: false, left: 0, top: 0, cell: Self.cell)
        let plain = decide(.auto, tmux: closed, answer: Self.tmux, outside: Self.xterm)
        #expect(plain.0 == .blocks && plain.asked == [false], "no passthrough: the outside is not asked")
        let named = decide(.sixel, tmux: closed, answer: Self.tmux).0
        #expect(named.imageProtocol == nil && named.note?.contains("allow-passthrough on") == true)
        let open = TmuxPane(passthrough: true, left: 50, top: 1, cell: Self.cell)
        let through = decide(.auto, tmux: open, answer: Self.tmux, outside: Self.xterm)
        #expect(through.0.imageProtocol == .sixel && through.0.tmux == open && through.asked == [false, true])
        let native = decide(.auto, tmux: closed, answer: Self.xterm)
        #expect(native.0.imageProtocol == .sixel && native.0.tmux == nil, "tmux 3.4 built with sixel draws it itself")
    }

    @Test("LASSO_PICTURE: a choice, or a clear error for a word that is not one")
    func environmentChoice() throws {
        #expect(try PictureChoice.fromEnvironment(["LASSO_PICTURE": "Sixel"])?.get() == .sixel)
        #expect(PictureChoice.fromEnvironment([:]) == nil)
        guard case .failure(let error) = PictureChoice.fromEnvironment(["LASSO_PICTURE": "png"]) else {
            Issue.record("png was taken")
            return
        }
        #expect(error.description.contains("expected one of auto, kitty, iterm, sixel, blocks, none, found \"png\""))
    }

    @Test("sixel through tmux is sent in tiles tmux passes through (at most 400 × 400), whatever the terminal draws")
    func tmuxSixelTiles() throws {
        let outside = PixelSender.sixelTileLimit(terminal: PixelSize(width: 1000, height: 1000), throughTmux: false)
        #expect(outside == PixelSize(width: 1000, height: 1000))
        #expect(PixelSender.sixelTileLimit(terminal: nil, throughTmux: false) == PixelSize(width: 1000, height: 1000))
        let inside = PixelSender.sixelTileLimit(terminal: PixelSize(width: 2000, height: 1000), throughTmux: true)
        #expect(inside == PixelSize(width: 400, height: 400))
        #expect(
            PixelSender.sixelTileLimit(terminal: PixelSize(width: 300, height: 200), throughTmux: true)
                == PixelSize(width: 300, height: 200))
        // An 860 × 1840 picture (43 × 92 cells of 20 × 20) through tmux: every tile within 400 × 400.
        let image = try #require(
            RGBImage(width: 860, height: 1840, pixels: [UInt8](repeating: 9, count: 860 * 1840 * 3)))
        let tiles = CellTiles(
            image, columns: 43, rows: 92, cellWidth: 20, cellHeight: 20, limitWidth: inside.width,
            limitHeight: inside.height
        ).tiles
        #expect(tiles.count > 1)
        #expect(tiles.allSatisfy { $0.image.width <= 400 && $0.image.height <= 400 })
    }
}
