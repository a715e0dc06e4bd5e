import LassoSnapshot

/// A cell's own colours: the picture's two pixels of a half block, or a frame's glyph over a darkened pixel.
public struct Paint: Sendable, Hashable {
    public var foreground: RGB
    public var background: RGB

    public init(foreground: RGB, background: RGB) {
        self.foreground = foreground
        self.background = background
    }

    /// A glyph of `style` drawn over a picture cell: a bright colour on the cell's colours darkened to a quarter,
    /// so that the glyph stands out on any image, light or dark.
    static func over(_ under: Paint, style: Style) -> Paint {
        let a = under.foreground
        let b = under.background
        func dark(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Int(x) + Int(y)) / 8) }
        return Paint(
            foreground: overlayColor(style),
            background: RGB(dark(a.red, b.red), dark(a.green, b.green), dark(a.blue, b.blue)))
    }

    /// The colour a style's glyphs take over a picture.
    static func overlayColor(_ style: Style) -> RGB {
        switch style {
        case .highlight, .warning: return RGB(255, 221, 0)
        case .match, .ok: return RGB(64, 255, 96)
        case .page: return RGB(255, 96, 255)
        case .label, .focusBorder: return RGB(64, 224, 255)
        case .error: return RGB(255, 72, 72)
        case .frame, .border, .dim: return RGB(176, 176, 176)
        default: return RGB(255, 255, 255)
        }
    }
}
