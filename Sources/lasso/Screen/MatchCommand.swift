import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso match`: the views a path (wildcards allowed) matches.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match", abstract: "List the views a path matches (in any notation, with * wildcards).",
        discussion: "Exit 1 when nothing matches.")

    @Argument(help: "The snapshot file.") var snapshot: String
    @Option(help: "The path, in the lasso, dash or hubble notation, or the dialect of --profile.") var path: String
    @Option(help: "Keep only views this event applies to.", completion: Completions.viewEvents) var event: String?
    @Option(name: .customLong("condition"), help: "KEY=VALUE that must hold on the view (repeatable).") var conditions:
        [String] = []
    @Flag(help: "Print a JSON array of the views.") var json = false
    @Option(
        help:
            "mixpanel: the node (number or id) the selector starts at: its controller when it is a root view, the window itself, else the view (default: the window's rootViewController)."
    )
    var from: String?
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

    func run() throws {
        let screen = try Screen(path: snapshot, profile: profile, input: input)
        let sdk = screen.sdkProfile
        if from != nil && sdk != .mixpanel {
            throw LassoError(.usage, "--from is for --profile mixpanel, whose selectors start at a node")
        }
        if sdk == .mixpanel { return try MixpanelMatch(command: self).run(on: screen) }
        let pattern = try sdk.read(path)
        let parsedConditions = try conditions.map(Self.condition)
        if let event { try EventNames.check(event, settings: screen.settings) }
        let found = screen.matcher.matches(
            path, profile: sdk, path: pattern.identityPath, event: event, conditions: parsedConditions)
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
        if found.isEmpty {
            if !json { Console.error("no view on \(snapshot) matches \(path)") }
            throw ExitCode(ExitStatus.findings)
        }
    }

    static func condition(_ text: String) throws -> Condition {
        guard let condition = Condition(parsing: text) else {
            throw LassoError(.usage, "--condition: expected KEY=VALUE such as title=加入购物车, found \"\(text)\"")
        }
        return condition
    }
}

/// Checks event names against lasso's event types (docs/viewpath.md, "Events") and the project's own.
enum EventNames {
    static func all(_ settings: ProjectSettings) -> [String] {
        EventType.allCases.map(\.rawValue) + settings.customEvents
    }

    static func check(_ name: String, settings: ProjectSettings) throws {
        guard all(settings).contains(name) else {
            throw LassoError(
                .usage,
                "unknown event \"\(name)\"; expected one of \(all(settings).joined(separator: ", ")) (add your own under \"events\" in lasso.json)"
            )
        }
    }
}
