import CNcursesw
import Foundation

/// How many colours the terminal shows, which decides how a picture's colours are sent: as they are, the nearest of
/// 256, the nearest of the 8 ANSI colours, or not at all (frames alone).
enum ColorDepth: Int, Comparable, Sendable {
    case none = 0
    case ansi8 = 1
    case indexed256 = 2
    case direct = 3

    static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What the started curses screen offers: direct colour when the terminfo entry has the RGB flag, else what
    /// COLORS says; none with NO_COLOR or on a terminal without colours.
    static func detect(wantsColor: Bool) -> ColorDepth {
        guard wantsColor, has_colors() else { return .none }
        if tigetflag("RGB") > 0 && lasso_colors() >= 0x1000000 { return .direct }
        if lasso_colors() >= 256 { return .indexed256 }
        if lasso_colors() >= 8 { return .ansi8 }
        return .none
    }

    /// The terminal type to start curses with: when COLORTERM says the terminal takes 24-bit colour and TERM's own
    /// entry does not have it, the `-direct` entry of the same terminal (xterm-direct for xterm-256color), if installed.
    static func directVariant(environment: [String: String]) -> String? {
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        guard colorterm == "truecolor" || colorterm == "24bit", let term = environment["TERM"], !term.isEmpty,
            !term.hasSuffix("-direct")
        else { return nil }
        let base = term.hasSuffix("-256color") ? String(term.dropLast("-256color".count)) : term
        let candidate = base + "-direct"
        let folders = [
            environment["TERMINFO"], "/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo",
        ].compactMap { $0 }
        for folder in folders {
            for letter in [String(candidate.prefix(1)), String(format: "%02x", candidate.utf8.first ?? 0)]
            where FileManager.default.fileExists(atPath: "\(folder)/\(letter)/\(candidate)") {
                return candidate
            }
        }
        return nil
    }
}
