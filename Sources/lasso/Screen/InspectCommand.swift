import ArgumentParser
import Foundation
import LassoSnapshot

/// `lasso inspect`: every detail of one view, and what a key path gives on it.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", abstract: "Show every detail of a view, and the value a key path gives on it.")

    @Argument(help: "The snapshot file.") var snapshot: String
    @OptionGroup var selection: NodeSelection
    @Option(
        name: .customLong("key-path"),
        help: "A KVC key path to evaluate on the view (its value is null when it gives nothing).") var keyPath: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

    func run() throws {
        let screen = try Screen(path: snapshot, profile: profile, input: input)
        let node = try selection.selectOne(in: screen.snapshot, table: screen.table)
        var details = DialectReport.fields(node, on: screen, into: screen.report.details(node))
        if let keyPath {
            let result = KeyPathEvaluator(screen.snapshot).evaluate(keyPath, on: node)
            details["keyPath"] = .string(keyPath)
            details["value"] = result.value ?? .null
            if result.readsPrivateText {
                details["warning"] = .string(
                    "this key path reads a text field's text, which may be a password or a private message")
            }
        }
        if json {
            Console.json(.object(details))
            return
        }
        for member in details.members {
            let text: String
            switch member.value {
            case .string(let string): text = DisplayText.escaped(string)
            case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
                text = items.compactMap(\.stringValue).map(DisplayText.escaped).joined(separator: ", ")
            default: text = DisplayText.escaped(JSONWriter.compact(member.value))
            }
            Console.print(
                member.key.padding(toLength: max(member.key.count, 22), withPad: " ", startingAt: 0) + " " + text)
        }
    }
}
