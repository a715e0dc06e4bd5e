import ArgumentParser
import Foundation
import LassoSnapshot

/// `lasso stats`: how big a snapshot is and how long it took to load.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Count a snapshot's views and pages and time its loading.")

    @Argument(help: "The snapshot file.") var snapshot: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var input: SnapshotInputOptions

    func run() throws {
        let started = ContinuousClock.now
        let loaded = try input.read(snapshot)
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var deepest = 0
        var hidden = 0
        var pages = 0
        for node in loaded.indices {
            deepest = max(deepest, loaded.depth(of: node))
            if loaded.isHidden(of: node) { hidden += 1 }
            if loaded.isPageRoot(node) { pages += 1 }
        }
        var object = JSONObject()
        object["file"] = .string(snapshot)
        object["appKey"] = loaded.app.key.map { .string($0) } ?? .null
        object["appVersion"] = loaded.app.version.map { .string($0) } ?? .null
        object["nodes"] = .int(loaded.count)
        object["pages"] = .int(pages)
        object["deepest"] = .int(deepest)
        object["hidden"] = .int(hidden)
        object["classes"] = .int(loaded.distinctClassCount)
        object["loadSeconds"] = .number(String(format: "%.4f", seconds))
        if json {
            Console.json(.object(object))
        } else {
            Console.print(
                """
                \(Console.cell(snapshot)): \(Console.cell(loaded.app.key ?? "unknown app")) \(Console.cell(loaded.app.version ?? "(no version)"))
                views:    \(loaded.count) (\(hidden) hidden)
                pages:    \(pages)
                deepest:  level \(deepest)
                classes:  \(object["classes"]!.plainText)
                loaded in \(String(format: "%.1f", seconds * 1000)) ms
                """)
        }
    }
}
