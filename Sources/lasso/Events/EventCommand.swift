import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso event`: the named event definitions of the configs folder (docs/event-definitions.md).
struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event",
        abstract:
            "Add, list, show, edit and remove named event definitions; count them over logs; export them; write them as a typed catalogue for code.",
        subcommands: [
            EventAddCommand.self,
            DocumentListCommand<EventDefinitionCodec>.self,
            DocumentShowCommand<EventDefinitionCodec>.self,
            EventEditCommand.self,
            DocumentRemoveCommand<EventDefinitionCodec>.self,
            EventCountCommand.self,
            EventConvertCommand.self,
            EventExportCommand.self,
            EventCatalogueCommand.self,
        ])
}

/// The definition fields that `event add` and `event edit` both take.
struct EventFieldOptions: ParsableArguments {
    @Option(help: "The name a person reads (热门推荐入口点击).") var name: String?
    @Option(help: "The name a back end stores the count under (home_hot_entrance_click).") var key: String?
    @Option(
        help:
            "The event counted: ButtonClick, ValueChanged, ListItemClick, ViewTap, LongPress, AlertAction, SearchSubmit, PageView, Exposure, or one from lasso.json.",
        completion: Completions.viewEvents
    )
    var event: String?
    @Option(help: "The location: a viewPath, with * where the position does not matter.") var path: String?
    @Option(
        name: .customLong("content"),
        help: ArgumentHelp(
            "A condition on a reported value (repeatable, all must hold): KEY=VALUE equals, KEY*=TEXT contains, KEY~=REGEX matches; KEY=VALUE given again for the same key makes it one of the values.",
            valueName: "condition"))
    var content: [String] = []
    @Option(help: "First app version counted (included).") var from: String?
    @Option(help: "App version counting stops at (not included).") var until: String?
    @Option(help: "A note for people reading the definition.") var note: String?
    @Flag(help: "Save despite a conflict with another definition, or content keys no config reports.") var force = false

    /// The `--content` conditions, in the order given; equals on one key given twice or more become one `oneOf`.
    func parsedContent() throws -> [ContentCondition] {
        var conditions: [ContentCondition] = []
        for text in content {
            let condition = try Self.condition(text)
            if case .equals(let value) = condition.operation,
                let earlier = conditions.firstIndex(where: { $0.key == condition.key })
            {
                switch conditions[earlier].operation {
                case .equals(let first): conditions[earlier].operation = .oneOf([first, value])
                case .oneOf(let values): conditions[earlier].operation = .oneOf(values + [value])
                default: conditions.append(condition)
                }
                continue
            }
            conditions.append(condition)
        }
        return conditions
    }

    /// One `--content` value: `KEY=VALUE`, `KEY*=TEXT` or `KEY~=REGEX`, split at the first `=`.
    static func condition(_ text: String) throws -> ContentCondition {
        guard let equals = text.firstIndex(of: "=") else {
            throw LassoError(
                .usage, "--content: expected KEY=VALUE, KEY*=TEXT or KEY~=REGEX, found \"\(text)\" (no '=')")
        }
        var key = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        var operation = ContentCondition.Operation.equals(value)
        if key.hasSuffix("*") {
            key.removeLast()
            guard !value.isEmpty else {
                throw LassoError(.usage, "--content: expected a text to look for after \(key)*=, found nothing")
            }
            operation = .contains(value)
        } else if key.hasSuffix("~") {
            key.removeLast()
            if let problem = ContentCondition.regexProblem(value) {
                throw LassoError(
                    .usage,
                    "--content: expected a portable regular expression that compiles after \(key)~=, found \(DisplayText.quoted(value, limit: 80)) (\(problem))"
                )
            }
            operation = .regex(value)
        }
        guard !key.isEmpty else {
            throw LassoError(.usage, "--content: expected a key name before the operator, found \"\(text)\"")
        }
        return ContentCondition(key: key, operation)
    }

    /// The draft's definition, or the CLI's words (flag, expected, found) for what is wrong with it.
    static func build(_ draft: EventDefinitionDraft, settings: ProjectSettings) throws -> EventDefinition {
        switch draft.build(notation: settings.profile.notation, stamp: .fresh()) {
        case .success(let definition): return definition
        case .failure(.noAppKey):
            throw LassoError(.usage, "no app key: give --app-key, or set appKey in lasso.json")
        case .failure(.unsafeAppKey(let appKey)):
            throw LassoError(
                .usage,
                "--app-key: expected a name usable as a folder name (\(SafeName.rule)), found \(DisplayText.quoted(appKey))"
            )
        case .failure(.emptyName):
            throw LassoError(.usage, "--name: expected the name a person reads, found nothing")
        case .failure(.unsafeKey(let key)):
            throw LassoError(
                .usage,
                "--key: expected a name usable in a file name (\(SafeName.rule)), found \(DisplayText.quoted(key))"
            )
        case .failure(let problem): throw LassoError(.usage, "--" + problem.description)
        }
    }

    /// Refuses (exit 3, unless `force`) a definition that clashes with a saved one, or that asks about a reported key
    /// no config at its location reports; prints what it overrides when forced. An edit that leaves the event, path,
    /// versions and content as they were (`was`) is not held to the configs again.
    static func check(
        _ definition: EventDefinition, events: EventDirectory, entries: [EventDirectory.Entry],
        configs: ConfigDirectory, force: Bool, was: EventDefinition? = nil
    ) throws {
        if let message = EventDefinitionCodec.conflictMessage(of: definition, in: entries) {
            guard force else { throw LassoError(.conflict, message + ". Use --force to save it anyway") }
            Console.error("warning: " + message)
        }
        if let was, was.viewEvent == definition.viewEvent, was.viewPath == definition.viewPath,
            was.versions == definition.versions, was.content == definition.content, was.appKey == definition.appKey
        {
            return
        }
        // Another SDK's records carry what that SDK sends, not what lasso's configs report.
        guard definition.profile == .lasso else { return }
        let feeds = EventFeeds(definition, configs: try configs.load().map(\.config))
        guard !feeds.unfedKeys.isEmpty else { return }
        let keys = feeds.unfedKeys.map { "\"\($0)\"" }.joined(separator: ", ")
        let reported = Set(feeds.feeding.map(\.keyName)).sorted()
        let message =
            "no KVC config of \(definition.appKey) at \(definition.viewPathText) on \(definition.viewEvent) reports \(keys)"
            + (reported.isEmpty
                ? " (none there reports anything for these versions)"
                : " (they report: \(reported.joined(separator: ", ")))")
            + "; the SDK itself sends only title, text and state.*"
        guard force else {
            throw LassoError(
                .refused, "refused: " + message + ". Add the config first (lasso config add), or use --force")
        }
        Console.error("warning: " + message)
    }
}
