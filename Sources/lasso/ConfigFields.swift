import ArgumentParser
import LassoCore

/// The config fields that `config add` and `config edit` both take.
struct ConfigFieldOptions: ParsableArguments {
    @Option(
        help:
            "The event: ButtonClick, ValueChanged, ListItemClick, ViewTap, LongPress, AlertAction, SearchSubmit, PageView, Exposure, or one from lasso.json."
    )
    var event: String?
    @Option(name: .customLong("key-path"), help: "The KVC key path read off the view (model.productId).") var keyPath:
        String?
    @Option(name: .customLong("key-name"), help: "The name the value is reported under (productId).") var keyName:
        String?
    @Option(help: "The path, with * where the location does not matter (it must still match the view).") var path:
        String?
    @Option(
        name: .customLong("condition"),
        help: "KEY=VALUE telling states or events apart: title=…, action=…, state.isOn=true (repeatable).")
    var conditions: [String] = []
    @Option(help: "First app version it applies to (included).") var from: String?
    @Option(help: "App version it stops applying at (not included).") var until: String?
    @Option(help: "A note for people reading the config.") var note: String?
    @Flag(help: "Save even when the event does not apply to the view or the key path reads a text field's text.")
    var force = false

    static func version(_ text: String?, flag: String) throws -> AppVersion? {
        guard let text else { return nil }
        guard let version = AppVersion(text) else {
            throw LassoError(.usage, "\(flag): expected a version such as 5.3.0 or 5.3.0-beta.2, found \"\(text)\"")
        }
        return version
    }

    func parsedConditions() throws -> [Condition] { try conditions.map(MatchCommand.condition) }

    static func checkKeyName(_ name: String) throws {
        guard SafeName.isSafe(name) else {
            throw LassoError(
                .usage,
                "--key-name: expected a name usable in a file name (no '/', no control characters, not starting with '.'), found \"\(name)\""
            )
        }
    }
}

/// The CLI's answer to the core's preflight findings: which refuse a save (unless `--force`), which only warn.
enum ConfigChecks {
    static func onView(_ config: KVCConfig, node: Int, screen: Screen, force: Bool) throws {
        let snapshot = screen.snapshot
        for finding in ConfigPreflight.check(config, on: node, in: screen.table) {
            switch finding {
            case .pathDoesNotMatch:
                throw LassoError(
                    .usage,
                    "the path \(config.viewPathText) does not match the chosen view #\(node), whose path is \(screen.table.pathText(of: node))"
                )
            case .eventDoesNotApply(let applicable) where !force:
                throw LassoError(
                    .refused,
                    "refused: the event \(config.viewEvent) does not apply to view #\(node) (\(screen.table.name(of: node))); events that do: \(applicable.joined(separator: ", ")). Use --force to save it anyway"
                )
            case .readsPrivateText where !force:
                throw LassoError(
                    .refused,
                    "refused: the key path \(config.keyPath) reads the text of a text field, which may hold a password or a private message. Use --force if you are sure"
                )
            case .givesNothing:
                Console.error(
                    "warning: the key path \(config.keyPath) gives nothing on view #\(node) of \(snapshot.file)")
            default:
                break
            }
        }
        let matches = PathMatcher(screen.table).matches(
            config.viewPath, event: config.viewEvent, conditions: config.conditions)
        if matches.count > 1 {
            Console.error("note: the path matches \(matches.count) views on this screen")
        }
    }
}
