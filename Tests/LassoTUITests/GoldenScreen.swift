import Foundation
import LassoTUI
import Testing

/// Whole-screen goldens: a rendered grid compared with `Goldens/NAME.txt` (its text) and `Goldens/NAME.styles`
/// (one letter per cell for its style), or written there when `LASSO_UPDATE_GOLDENS=1`.
enum GoldenScreen {
    /// `Tests/LassoTUITests/Goldens`, found from this file's place.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    /// The package root, for the documents that show goldens.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let rewriteCommand = "LASSO_UPDATE_GOLDENS=1 swift test --filter Golden"

    /// True when the goldens are to be (re)written rather than compared.
    static var updating: Bool { ProcessInfo.processInfo.environment["LASSO_UPDATE_GOLDENS"] == "1" }

    static func url(_ name: String, _ ext: String) -> URL { folder.appendingPathComponent(name + "." + ext) }

    /// The screen's text: the grid's rows exactly (trailing spaces kept, a wide glyph once), each ending in a newline.
    static func text(of grid: Grid) -> String { grid.lines.map { $0 + "\n" }.joined() }

    /// The letter a cell of `style` gets in a `.styles` file; the same style on a picture cell is in upper case.
    static func letter(_ style: Style) -> Character {
        switch style {
        case .normal: return "."
        case .dim: return "d"
        case .selected: return "s"
        case .header: return "h"
        case .border: return "b"
        case .focusBorder: return "f"
        case .highlight: return "x"
        case .frame: return "r"
        case .status: return "t"
        case .statusKey: return "k"
        case .warning: return "w"
        case .error: return "e"
        case .match: return "m"
        case .page: return "p"
        case .label: return "l"
        case .input: return "i"
        case .ok: return "o"
        }
    }

    /// The letter of a cell: its style's, upper case (`+` for normal) when it has a picture's colours.
    static func letter(_ cell: Grid.Cell) -> Character {
        let plain = letter(cell.style)
        guard cell.paint != nil else { return plain }
        return plain == "." ? "+" : Character(plain.uppercased())
    }

    /// The legend at the top of every `.styles` file, made from `Style.allCases`.
    static let legend: String = {
        let pairs = Style.allCases.map { "\(letter($0))=\($0)" }
        let half = (pairs.count + 1) / 2
        return """
            # Styles, one character per cell (a wide glyph's two cells both show its style), below the line of dashes.
            # \(pairs[..<half].joined(separator: " "))
            # \(pairs[half...].joined(separator: " "))
            # Upper case (+ for normal): the same style on a cell of the screenshot (its colours are not compared).
            # ----

            """
    }()

    /// The styles file: the legend, then one row of letters per screen row.
    static func styles(of grid: Grid) -> String {
        var text = legend
        for row in 0..<grid.height {
            text += String((0..<grid.width).map { letter(grid[$0, row]) }) + "\n"
        }
        return text
    }

    /// Compares `state`'s screen with the goldens `name`, or writes them when `LASSO_UPDATE_GOLDENS=1`.
    static func check(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let grid = Renderer.render(state)
        // Whatever the golden says, every row must be exactly the terminal's width, wide glyphs counted twice.
        func checkWidths() {
            for (row, line) in grid.lines.enumerated() where CharWidth.of(line) != grid.width {
                Issue.record(
                    "\(name): row \(row + 1) is \(CharWidth.of(line)) columns wide, not \(grid.width)",
                    sourceLocation: sourceLocation)
            }
        }
        checkWidths()
        compare(text(of: grid), with: url(name, "txt"), name: name, sourceLocation: sourceLocation)
        compare(styles(of: grid), with: url(name, "styles"), name: name, sourceLocation: sourceLocation)
    }

    /// Compares `found` with the file at `url`, or writes it there when updating.
    static func compare(_ found: String, with url: URL, name: String, sourceLocation: SourceLocation) {
        let file = "Tests/LassoTUITests/Goldens/" + url.lastPathComponent
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if updating {
            guard expected != found else { return }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(found.utf8).write(to: url, options: .atomic)
                print("golden: wrote \(file)")
            } catch {
                Issue.record("cannot write \(file): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected else {
            Issue.record(
                "\(file) is missing; write it with: \(rewriteCommand) (then read it: it is what a person sees)",
                sourceLocation: sourceLocation)
            return
        }
        guard expected != found else { return }
        Issue.record(
            Comment(rawValue: Difference(expected: expected, found: found).report(file: file)),
            sourceLocation: sourceLocation)
    }

    /// Two texts, and the words that say where they first differ.
    struct Difference {
        var expected: String
        var found: String

        /// The first line (from 0) where the texts differ, with that line of each (nil past a text's end).
        var first: (line: Int, expected: String?, found: String?) {
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let got = found.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let line = (0..<min(want.count, got.count)).first { want[$0] != got[$0] } ?? min(want.count, got.count)
            return (line, want.indices.contains(line) ? want[line] : nil, got.indices.contains(line) ? got[line] : nil)
        }

        static func shown(_ line: String?) -> String { line.map { "«" + $0 + "»" } ?? "(no such line: the text ends)" }

        func report(file: String) -> String {
            let first = self.first
            return """
                \(file) differs from the screen at line \(first.line + 1):
                  expected: \(Self.shown(first.expected))
                  found:    \(Self.shown(first.found))
                If the new screen is right, rewrite the goldens with: \(rewriteCommand)
                and review the diff (git diff Tests/LassoTUITests/Goldens).
                """
        }
    }
}
