import ArgumentParser
import LassoSnapshot

/// `lasso tree`: the outline of a snapshot with each view's path.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree", abstract: "Print the outline of a snapshot with each view's path.")

    @Argument(help: "The snapshot file.") var snapshot: String
    // .unconditional: "--max-depth -1" is a value to refuse in words, not a flag.
    @Option(
        name: .customLong("max-depth"), parsing: .unconditional,
        help: "Show views down to this depth only (the root is 0).")
    var maxDepth: Int?
    @Flag(help: "Print a JSON array of views instead of text.") var json = false
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

    /// Paths longer than this are not printed in the text outline (a pathological tree would make the output quadratic).
    static let longestPrintedPath = 512

    func validate() throws {
        if let maxDepth, maxDepth < 0 {
            throw ValidationError("--max-depth: expected a whole number of 0 or more, found \(maxDepth)")
        }
    }

    func run() throws {
        let screen = try Screen(path: snapshot, profile: profile, input: input)
        let snapshot = screen.snapshot
        let shown = snapshot.indices.filter { maxDepth == nil || snapshot.depth(of: $0) <= maxDepth! }
        if json {
            Console.jsonArray(count: shown.count) { .object(DialectReport.summary(shown[$0], on: screen)) }
            return
        }
        let width = String(snapshot.count - 1).count
        var out = ""
        for node in shown {
            let depth = snapshot.depth(of: node)
            var line = String(repeating: " ", count: width - String(node).count) + String(node) + "  "
            line +=
                depth > 40
                ? String(repeating: "  ", count: 40) + "(depth \(depth)) " : String(repeating: "  ", count: depth)
            if let controller = snapshot.controller(of: node) {
                line += "‹" + Console.cell(ClassName.pathName(controller.className)) + "› "
            }
            line += Console.cell(screen.table.name(of: node)) + " [" + screen.table.segmentIndex(of: node).text + "]"
            if let text = snapshot.text(of: node) ?? snapshot.title(of: node) { line += " " + DisplayText.quoted(text) }
            if snapshot.isHidden(of: node) { line += " (hidden)" }
            line += "  "
            line +=
                depth > TreeCommand.longestPrintedPath
                ? "(path of \(depth) levels: lasso path \(self.snapshot) --node \(node))"
                : Console.cell(DialectReport.pathText(node, on: screen))
            out += line + "\n"
            if out.utf8.count > 1 << 16 {
                Console.write(out)
                out = ""
                // `lasso tree big.json | head -1`: once the reader has gone, the rest of the outline is for no one.
                guard Console.isOutputOpen else { return }
            }
        }
        Console.write(out)
    }
}
