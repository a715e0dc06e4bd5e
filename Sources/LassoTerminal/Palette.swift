import CNcursesw
import LassoTUI

/// How each style looks: colors where the terminal has them, attributes alone with NO_COLOR or on a monochrome terminal.
struct Palette {
    let colors: Bool

    /// Foreground and background (-1: the terminal's default) per style that has a color.
    private static let colorOf: [Style: (Int16, Int16)] = [
        .header: (Int16(COLOR_WHITE), Int16(COLOR_BLUE)),
        .focusBorder: (Int16(COLOR_CYAN), -1),
        .highlight: (Int16(COLOR_YELLOW), -1),
        .frame: (Int16(COLOR_BLUE), -1),
        .warning: (Int16(COLOR_YELLOW), -1),
        .error: (Int16(COLOR_RED), -1),
        .match: (Int16(COLOR_GREEN), -1),
        .page: (Int16(COLOR_MAGENTA), -1),
        .label: (Int16(COLOR_CYAN), -1),
        .ok: (Int16(COLOR_GREEN), -1),
        .statusKey: (Int16(COLOR_BLACK), Int16(COLOR_CYAN)),
        .status: (Int16(COLOR_BLACK), Int16(COLOR_WHITE)),
    ]

    func install() {
        guard colors else { return }
        start_color()
        use_default_colors()
        for style in Style.allCases {
            if let (foreground, background) = Palette.colorOf[style] {
                init_pair(Int16(style.rawValue) + 1, foreground, background)
            }
        }
    }

    /// The attributes and color pair of a style.
    func look(_ style: Style) -> (attr_t, Int16) {
        let pair: Int16 = colors && Palette.colorOf[style] != nil ? Int16(style.rawValue) + 1 : 0
        switch style {
        case .normal, .frame, .page, .label, .match, .ok: return (lasso_a_normal(), pair)
        case .dim, .border: return (lasso_a_dim(), pair)
        case .selected: return (lasso_a_reverse() | lasso_a_bold(), 0)
        case .header, .highlight, .error, .statusKey, .focusBorder:
            return (lasso_a_bold() | (colors ? 0 : (style == .header ? lasso_a_reverse() : 0)), pair)
        case .status: return (colors ? lasso_a_normal() : lasso_a_reverse(), pair)
        case .warning: return (colors ? lasso_a_normal() : lasso_a_bold(), pair)
        case .input: return (lasso_a_underline(), pair)
        }
    }
}
