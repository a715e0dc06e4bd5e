import ArgumentParser
import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot

/// `lasso event add`: makes a named event definition and saves it under the app's `events/` folder.
struct EventAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create a named event definition and save it.",
        discussion:
            "Prints the file it wrote. Refuses (exit 3) a definition whose key another definition of the app uses for overlapping versions, one that counts what another counts under another key, and content keys no KVC config at the location reports (title, text and state.* always come); --force saves anyway."
    )

    @OptionGroup var fields: EventFieldOptions
    @Option(
        name: .customLong("app-key"), help: "The app (default: appKey of lasso.json).", completion: Completions.appKeys,
        transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var location: ConfigsOptions
    @Option(
        help:
            "The SDK whose records the definition counts, --path written in its dialect: lasso, sensors, sensors-android, growingio or posthog (default: lasso.json's \"profile\" when it is one of these, else lasso)."
    )
    var profile: String?
    @Option(
        help:
            "With a profile whose SDK reports the page beside the path (sensors, sensors-android, posthog: $screen_name; growingio: path): only records of this page (default: any page). A PageView in those profiles is located by its page alone, without --path."
    )
    var screen: String?
    @Flag(help: "Print the saved definition as JSON, with its file.") var json = false

    func validate() throws {
        guard fields.name != nil, fields.key != nil, fields.event != nil else {
            throw ValidationError("event add needs --name, --key, --event and --path")
        }
    }

    func run() throws {
        let (settings, configs) = try location.resolve()
        let event = fields.event!
        try EventNames.check(event, settings: settings)
        let sdk = try Self.profile(profile, settings: settings)
        if let screen, screen.trimmingCharacters(in: .whitespaces).isEmpty || DisplayText.hasEscaped(screen) {
            throw LassoError(
                .usage,
                "--screen: expected the page's name as the SDK reports it (no --screen: any page), found \"\(DisplayText.escaped(screen))\""
            )
        }
        if screen != nil && !sdk.reportsScreen {
            throw LassoError(
                .usage,
                "--screen: \(sdk.rawValue) records report no page beside the path; give --profile sensors, sensors-android, growingio or posthog"
            )
        }
        if sdk != .lasso, RecordFormat(profile: sdk)?.event(for: event) == nil {
            throw LassoError(.usage, "--event: \(sdk.rawValue) SDKs send no record for \(event)")
        }
        let pageOnly = EventDefinition.isPageOnly(profile: sdk, viewEvent: event)
        if pageOnly, fields.path != nil {
            let record = RecordFormat(profile: sdk)?.event(for: event) ?? event
            throw LassoError(
                .usage,
                "--path: \(sdk.rawValue) SDKs send a page view (\(record)) without an element path; name the page with --screen (none: every page view)"
            )
        }
        guard let pathText = fields.path ?? (pageOnly ? "" : nil) else {
            throw LassoError(.usage, "event add needs --name, --key, --event and --path")
        }
        let pattern = pageOnly ? DialectPattern(text: "", parsed: .segments([])) : try sdk.read(pathText)
        try Self.checkSent(pathText, profile: sdk)
        var draft = EventDefinitionDraft(
            appKey: appKey ?? settings.appKey, name: fields.name!, key: fields.key!, viewEvent: event,
            exactPath: pattern.identityPath, content: try fields.parsedContent(),
            from: try ConfigFieldOptions.versionText(fields.from, flag: "--from") ?? "",
            until: try ConfigFieldOptions.versionText(fields.until, flag: "--until") ?? "", note: fields.note ?? "")
        draft.setPath(draft.exactPath)
        var definition = try EventFieldOptions.build(draft, settings: settings)
        if pageOnly {
            definition = definition.pageOnly(in: sdk, screen: screen)
        } else if sdk != .lasso {
            definition = definition.rewritten(in: sdk, pattern: pattern, screen: screen)
        }
        let events = EventDirectory(root: configs.root)
        let entries = try events.load()
        try EventFieldOptions.check(definition, events: events, entries: entries, configs: configs, force: fields.force)
        let written = try events.written(definition, replacing: entries)
        if json {
            Console.json(
                EventDefinitionCodec.json(EventDirectory.Entry(definition: written.document, file: written.file)))
        } else {
            Console.print(written.file)
        }
    }

    /// Refuses a Sensors path its SDK never sends (it would count nothing), and says how to count one Android row.
    static func checkSent(_ pathText: String, profile: SDKProfile) throws {
        if let problem = SensorsSentPath.problem(pathText, profile: profile) {
            throw LassoError(
                .usage,
                "--path: \(DisplayText.escaped(problem)); a path the \(profile.rawValue) SDK never sends counts nothing"
            )
        }
        if profile == .sensorsAndroid, SensorsSentPath.looksLikeAndroidRow(pathText) {
            Console.error(
                "note: --path writes a number where a list item usually stands; the Sensors Android SDK sends that item as [-] and its row in $element_position: for one row, write [-] there and add --content '$element_position=N'"
            )
        }
    }

    /// The profile a definition is written in: --profile, else lasso.json's when its SDK's records can be counted.
    static func profile(_ given: String?, settings: ProjectSettings) throws -> SDKProfile {
        let countable = Set(RecordFormat.allCases.flatMap(\.profiles))
        guard let given else { return countable.contains(settings.sdkProfile) ? settings.sdkProfile : .lasso }
        guard let profile = SDKProfile(rawValue: given), countable.contains(profile) else {
            throw LassoError(
                .usage,
                "--profile: expected lasso, sensors, sensors-android, growingio or posthog (the SDKs whose records lasso counts), found \"\(given)\""
            )
        }
        return profile
    }
}
