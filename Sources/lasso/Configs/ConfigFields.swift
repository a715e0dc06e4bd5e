import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// The config fields that `config add` and `config edit` both take.
struct ConfigFieldOptions: ParsableArguments {
    @Option(
        help:
            "The event: ButtonClick, ValueChanged, ListItemClick, ViewTap, LongPress, AlertAction, SearchSubmit, PageView, Exposure, or one from lasso.json.",
        completion: Completions.viewEvents
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
        guard let version = AppVersion(text) else { throw versionError(text, flag: flag) }
        return version
    }

    /// A version flag's text for a draft, refusing a blank one (a draft would read it as "open").
    static func versionText(_ text: String?, flag: String) throws -> String? {
        if let text, text.trimmingCharacters(in: .whitespaces).isEmpty { throw versionError(text, flag: flag) }
        return text
    }

    static func versionError(_ text: String, flag: String) -> LassoError {
        LassoError(.usage, "\(flag): expected a version such as 5.3.0 or 5.3.0-beta.2, found \"\(text)\"")
    }

    func parsedConditions() throws -> [Condition] { try conditions.map(MatchCommand.condition) }

    /// The draft's config, or the CLI's words for what is wrong with it; an unusable app key is blamed on `appKeyFrom`,
    /// and `emptyInterval` words an interval that would hold no version (from, until).
    static func build(
        _ draft: ConfigDraft, profile: PathRules, appKeyFrom: AppKeySource,
        emptyInterval: (String, String) -> String
    ) throws -> KVCConfig {
        switch draft.build(profile: profile, stamp: .fresh()) {
        case .success(let config):
            return config
        case .failure(.noAppKey):
            throw LassoError(
                .usage, "no app key: give --app-key, or set appKey in lasso.json (the snapshot names none)")
        case .failure(.unsafeAppKey(let appKey)):
            throw appKeyFrom.refusal(of: appKey)
        case .failure(.emptyKeyPath):
            throw LassoError(.usage, "--key-path: expected a KVC key path such as model.productId, found nothing")
        case .failure(.unsafeKeyName(let name)):
            throw LassoError(
                .usage,
                "--key-name: expected a name usable in a file name (\(SafeName.rule)), found \(DisplayText.quoted(name))"
            )
        case .failure(.badFrom(let text)):
            throw versionError(text, flag: "--from")
        case .failure(.badUntil(let text)):
            throw versionError(text, flag: "--until")
        case .failure(.emptyInterval(let from, let until)):
            throw LassoError(.usage, emptyInterval(from, until))
        }
    }
}

/// Where a config's app key came from, so that one that cannot be a folder name is blamed on its source.
enum AppKeySource {
    case flag
    case settings(file: String)
    case snapshot(file: String)
    case config(file: String)

    /// The error for `appKey`, unusable as a folder name: a usage error for `--app-key`, else the file and its field.
    func refusal(of appKey: String) -> Error {
        let expected = "an app key usable as a folder name (\(SafeName.rule))"
        switch self {
        case .flag:
            return LassoError(.usage, "--app-key: expected \(expected), found \(DisplayText.quoted(appKey))")
        case .settings(let file), .config(let file):
            return InputError(file: file, jsonPath: "$.appKey", expected: expected, found: DisplayText.quoted(appKey))
        case .snapshot(let file):
            return InputError(file: file, jsonPath: "$.app.key", expected: expected, found: DisplayText.quoted(appKey))
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
            case .givesNestedLists(let instead) where !force:
                throw LassoError(
                    .refused,
                    "refused: the key path \(config.keyPath) gives lists inside a list, which an event cannot carry as one value\(instead.isEmpty ? "" : "; one value each: " + instead.joined(separator: ", ")). Use --force to save it anyway"
                )
            case .givesNothing:
                Console.error(
                    "warning: the key path \(config.keyPath) gives nothing on view #\(node) of \(snapshot.file)")
            default:
                break
            }
        }
        let matches = screen.matcher.matches(
            config.viewPathText, profile: config.profile, path: config.viewPath, event: config.viewEvent,
            conditions: config.conditions)
        if matches.count > 1 {
            Console.error("note: the path matches \(matches.count) views on this screen")
        }
    }

    /// The config with its path in `profile`'s dialect: `path` as given (it must name `node`), else the view's own
    /// path in that dialect, its row left open when the lasso path left it open.
    /// A Sensors config whose value the SDK cannot read is refused in words, unless `force`.
    static func written(
        _ config: KVCConfig, in profile: SDKProfile, path: String?, node: Int, screen: Screen, force: Bool
    ) throws -> KVCConfig {
        let dialect = screen.matcher.dialect(profile)
        let pattern: DialectPattern
        if let path {
            pattern = try profile.read(path)
            guard dialect.select(pattern).contains(node) else {
                let own = dialect.location(of: node)?.path ?? "none"
                throw LassoError(
                    .usage,
                    "the \(profile.rawValue) path \(path) does not name the chosen view #\(node), whose \(profile.rawValue) path is \(own)"
                )
            }
        } else {
            let anyRow = config.viewPath.hasWildcard ? dialect.anyRowLocation(of: node) : nil
            guard let location = anyRow ?? dialect.location(of: node) else {
                throw LassoError(
                    .refused,
                    "refused: a \(profile.rawValue) SDK names no path for view #\(node) (\(screen.table.name(of: node)))"
                )
            }
            pattern = try profile.read(location.path)
        }
        var written = config.rewritten(in: profile, pattern: pattern, hash: screen.table.profile.hash)
        if SensorsFields.applies(to: profile) {
            let evaluator = KeyPathEvaluator(screen.snapshot)
            written.sensors = SensorsFields.make(
                keyPath: config.keyPath, node: node, dialect: dialect, evaluator: evaluator)
            if !force, written.sensors?.property == nil,
                case .unreadable(let words) = SensorsFields.reading(config.keyPath, on: node, evaluator: evaluator)
            {
                throw LassoError(
                    .refused,
                    "refused: not sent to Sensors SDKs: \(DisplayText.escaped(words)). Use --force to save it anyway")
            }
            if let reason = SensorsFields.unsent(written) { Console.error("note: not sent to Sensors SDKs: \(reason)") }
        }
        if profile == .mixpanel, let dialect = dialect as? MixpanelDialect {
            written.mixpanel = MixpanelFields.make(event: config.viewEvent, node: node, dialect: dialect)
            if let reason = MixpanelFields.unsent(written) {
                Console.error("note: not sent to Mixpanel SDKs: \(reason)")
            }
        }
        return written
    }
}
