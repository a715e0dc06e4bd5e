import LassoImage

/// How this terminal shows the screenshot, decided once before the UI starts: in an image protocol (straight or
/// through tmux), in half blocks, or not at all, with the reason in words when it is not what was asked for.
public struct PictureOutput: Sendable, Equatable {
    /// The image protocol the picture is sent in; nil for half blocks or no picture.
    public var imageProtocol: TerminalImageProtocol?
    /// False when no picture is drawn at all (`--picture none`).
    public var drawsPicture: Bool
    /// Set when the image goes through tmux's passthrough to the terminal outside it.
    public var tmux: TmuxPane?
    /// A character cell's size in pixels as the terminal answered it, for when the tty's window size has none.
    public var answeredCell: PixelSize?
    /// The largest sixel image the terminal draws (xterm drops a larger one whole); nil when it did not say.
    public var sixelLimit: PixelSize?
    /// Why the picture is not in pixels (or not drawn), when that is not what was asked for or found.
    public var note: String?

    public static let blocks = PictureOutput(imageProtocol: nil, drawsPicture: true)
    public static let none = PictureOutput(imageProtocol: nil, drawsPicture: false)

    public init(
        imageProtocol: TerminalImageProtocol?, drawsPicture: Bool, tmux: TmuxPane? = nil,
        answeredCell: PixelSize? = nil, sixelLimit: PixelSize? = nil, note: String? = nil
    ) {
        self.sixelLimit = sixelLimit
        self.imageProtocol = imageProtocol
        self.drawsPicture = drawsPicture
        self.tmux = tmux
        self.answeredCell = answeredCell
        self.note = note
    }

    /// Half blocks, saying why.
    public static func blocks(_ note: String?) -> PictureOutput {
        PictureOutput(imageProtocol: nil, drawsPicture: true, note: note)
    }
}

/// A size in pixels: a character cell's, or the largest image a terminal draws.
public struct PixelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// True for a size a character cell can have: what a terminal (or whatever answers for it) says outside this is
    /// not believed, so that no absurd picture is ever drawn.
    public var isCell: Bool { (1...128).contains(width) && (1...256).contains(height) }
}
