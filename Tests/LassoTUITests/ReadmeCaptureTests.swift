import Foundation
import LassoTUI
import Testing

/// The screen captures of README.md and docs/*.md are goldens: a line `<!-- golden: NAME -->` followed at once by a
/// ```` ```text ```` block holds `Tests/LassoTUITests/Goldens/NAME.txt` (trailing spaces aside).
@Suite("Golden captures in the README and the docs")
struct ReadmeCaptureTests {
    /// One marker and the block after it, as found in a document (lines counted from 0).
    struct Capture {
        var name: String
        /// The marker's line.
        var marker: Int
        /// The lines between the fences, when the marker is followed by a whole ```` ```text ```` block.
        var body: Range<Int>?
    }

    /// README.md and the Markdown files of docs/, as paths from the package root.
    static func documents() -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func root(_ path: String) -> URL { GoldenScreen.packageRoot.appendingPathComponent(path) }

    static func trimmed(_ line: some StringProtocol) -> String {
        String(line.reversed().drop(while: { $0 == " " }).reversed())
    }

    /// The markers of a document's lines, each with the block that follows it.
    static func captures(_ lines: [String]) -> [Capture] {
        var found: [Capture] = []
        var inFence = false
        var index = 0
        while index < lines.count {
            let text = trimmed(lines[index])
            if text.hasPrefix("```") {
                inFence.toggle()
            } else if !inFence, text.hasPrefix("<!-- golden:"), text.hasSuffix("-->") {
                let name = text.dropFirst("<!-- golden:".count).dropLast("-->".count)
                    .trimmingCharacters(in: .whitespaces)
                var capture = Capture(name: name, marker: index, body: nil)
                if index + 1 < lines.count, trimmed(lines[index + 1]) == "```text",
                    let end = lines[(index + 2)...].firstIndex(where: { trimmed($0) == "```" })
                {
                    capture.body = (index + 2)..<end
                    index = end
                }
                found.append(capture)
            }
            index += 1
        }
        return found
    }

    /// A golden's text lines, trailing spaces trimmed.
    static func golden(_ name: String) -> [String]? {
        guard let text = try? String(contentsOf: GoldenScreen.url(name, "txt"), encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test("each capture in README.md and docs/*.md is its golden's text")
    func capturesAreGoldens() async throws {
        for document in Self.documents() {
            let url = Self.root(document)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var changed = false
            // From the last to the first, so that a rewritten block leaves the line numbers above it as they were.
            for capture in Self.captures(lines).reversed() {
                let place = "\(document):\(capture.marker + 1)"
                var expected = Self.golden(capture.name)
                if GoldenScreen.updating, let grid = try await GoldenCatalog.render(capture.name) {
                    // The screen as it is now, not as the goldens were before this run rewrote them.
                    expected = grid.lines.map(Self.trimmed)
                }
                guard let expected else {
                    Issue.record(
                        "\(place): <!-- golden: \(capture.name) --> names no golden (Tests/LassoTUITests/Goldens/\(capture.name).txt)"
                    )
                    continue
                }
                guard let body = capture.body else {
                    if GoldenScreen.updating {
                        lines.insert(contentsOf: ["```text"] + expected + ["```"], at: capture.marker + 1)
                        changed = true
                    } else {
                        Issue.record(
                            "\(place): <!-- golden: \(capture.name) --> must be followed at once by a ```text block; \(GoldenScreen.rewriteCommand) writes one"
                        )
                    }
                    continue
                }
                let found = lines[body].map(Self.trimmed)
                guard found != expected else { continue }
                if GoldenScreen.updating {
                    lines.replaceSubrange(body, with: expected)
                    changed = true
                    continue
                }
                let first = GoldenScreen.Difference(
                    expected: expected.joined(separator: "\n"), found: found.joined(separator: "\n")
                ).first
                Issue.record(
                    """
                    \(place): the capture of \(capture.name) is not Tests/LassoTUITests/Goldens/\(capture.name).txt; \
                    first at \(document):\(body.lowerBound + first.line + 1):
                      golden:   \(GoldenScreen.Difference.shown(first.expected))
                      document: \(GoldenScreen.Difference.shown(first.found))
                    Rewrite the captures from the goldens with: \(GoldenScreen.rewriteCommand)
                    """)
            }
            if changed {
                try Data(lines.joined(separator: "\n").utf8).write(to: url, options: .atomic)
                print("golden: rewrote the captures of \(document)")
            }
        }
    }

    @Test("markers are found with their blocks; one without a block is seen, one in a code block is not a marker")
    func parsing() {
        let lines = [
            "# Title", "<!-- golden: outline-80x24 -->", "```text", "a  ", "b", "```", "text",
            "<!-- golden: help-120x40 -->", "", "```text", "c", "```",
            "```html", "<!-- golden: an-example -->", "```",
        ]
        let captures = Self.captures(lines)
        #expect(captures.map(\.name) == ["outline-80x24", "help-120x40"])
        #expect(captures.map(\.marker) == [1, 7])
        #expect(captures[0].body == 3..<5)
        #expect(captures[1].body == nil)
    }
}
