import Foundation
import Testing

/// The options with a fixed set of values: help lists the set, and a value outside it is refused before any file is
/// read.
@Suite("options with fixed values")
struct OptionValuesTests {
    /// The text with every run of white space made one space, so a list the help wraps still reads as one line.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("lasso tree --help lists the notations, hashes, sibling-index ways and snapshot formats")
    func helpListsValues() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["tree", "--help"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let help = Self.flattened(outcome.stdout)
        for values in [
            "lasso, dash, hubble", "md5, sha256", "same-name, all",
            "lasso, appium, android, uikit-text, mixpanel, sensors, maestro, dumpsys",
        ] {
            #expect(help.contains("(values: \(values))"), "\(values) missing from: \(help)")
        }
    }

    @Test("a value outside the set is a usage error naming the allowed ones, even before a missing file")
    func wrongValueRefused() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let cases = [
            ("--notation", "slashes", "lasso, dash, hubble"),
            ("--hash", "sha1", "md5 or sha256"),
            ("--sibling-index", "some", "same-name or all"),
            ("--format", "xml", "lasso, appium, android, uikit-text, mixpanel, sensors, maestro, dumpsys"),
        ]
        for (flag, value, allowed) in cases {
            let outcome = try CLI.run(["tree", "no-such-file.json", flag, value], in: folder)
            #expect(outcome.status == 64, "\(flag): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("lasso: \(flag): expected"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains(allowed), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("\"\(value)\""), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test("--format takes any letter case")
    func formatIgnoresCase() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            ["tree", CLI.sample("shop-home.json"), "--format", "LASSO", "--notation", "dash", "--max-depth", "1"],
            in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stdout.isEmpty)
    }

    @Test("shell completions offer the values")
    func completionsOfferValues() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["--generate-completion-script", "bash"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for value in ["hubble", "sha256", "same-name", "uikit-text"] {
            #expect(outcome.stdout.contains(value), "\(value) missing from the bash completions")
        }
    }
}
