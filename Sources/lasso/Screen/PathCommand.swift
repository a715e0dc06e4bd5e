import ArgumentParser
import LassoSnapshot

/// `lasso path`: the path and viewId of the views a query finds.
struct PathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path", abstract: "Print the viewPath and viewId of views found by text or number.",
        discussion:
            "Text output: one line per view: number, path, viewId, separated by tabs. Exit 1 when no view is found.")

    @Argument(help: "The snapshot file.") var snapshot: String
    @OptionGroup var selection: NodeSelection
    @Flag(help: "Print a JSON array, one object per view.") var json = false
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

    func run() throws {
        let screen = try Screen(path: snapshot, profile: profile, input: input)
        let found: [Int]
        do {
            found = try selection.select(in: screen.snapshot)
        } catch let error as LassoError where error.kind == .notFound && json {
            Console.print("[]")
            throw error
        }
        if json {
            Console.json(.array(found.map { .object(DialectReport.summary($0, on: screen)) }))
        } else {
            for node in found {
                guard Console.isOutputOpen else { break }
                Console.row([
                    String(node), DialectReport.pathText(node, on: screen), DialectReport.viewId(node, on: screen),
                ])
            }
        }
    }
}
