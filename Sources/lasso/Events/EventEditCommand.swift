import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso event edit`: changes fields of a saved definition, keeping its id.
struct EventEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change fields of an event definition (its id stays).",
        discussion: "--content replaces every condition; --clear-content removes them all.")

    @Argument(help: "The definition's id, or its first characters (at least 4).", completion: Completions.definitionIds)
    var id: String
    @OptionGroup var fields: EventFieldOptions
    @Flag(name: .customLong("clear-content"), help: "Count every record at the location.") var clearContent = false
    @Flag(name: .customLong("clear-until"), help: "Make the interval open-ended.") var clearUntil = false
    @Option(
        help:
            "In a profile whose SDK reports the page beside the path (sensors, sensors-android, growingio, posthog): only records of this page."
    )
    var screen: String?
    @Flag(name: .customLong("any-screen"), help: "Count the records of every page (the definition's screen goes).")
    var anyScreen = false
    @OptionGroup var location: ConfigsOptions
    @Flag(help: "Print the saved definition as JSON, with its file.") var json = false

    func validate() throws {
        if screen != nil && anyScreen { throw ValidationError("--screen and --any-screen: give one of them") }
    }

    func run() throws {
        let (settings, configs) = try location.resolve()
        try configs.requireExisting()
        let events = EventDirectory(root: configs.root)
        let entries = try events.load()
        let entry = try events.find(id, in: entries)
        var draft = EventDefinitionDraft.editing(entry.definition)
        if let event = fields.event {
            try EventNames.check(event, settings: settings)
            draft.viewEvent = event
        }
        if let name = fields.name { draft.name = name }
        if let key = fields.key { draft.key = key }
        if let note = fields.note { draft.note = note }
        // A definition in an SDK's dialect keeps it: --path is read in that dialect.
        let sdk = entry.definition.profile
        let dialectPattern = try fields.path.flatMap { sdk == .lasso ? nil : try sdk.read($0) }
        if let path = fields.path { try EventAddCommand.checkSent(path, profile: sdk) }
        if let text = fields.path {
            draft.setPath(try dialectPattern?.identityPath ?? PathNotation.parse(text))
        }
        if clearContent { draft.content = [] }
        if !fields.content.isEmpty { draft.content = try fields.parsedContent() }
        if let from = try ConfigFieldOptions.versionText(fields.from, flag: "--from") { draft.from = from }
        if let until = try ConfigFieldOptions.versionText(fields.until, flag: "--until") { draft.until = until }
        if clearUntil { draft.until = "" }
        var definition = try EventFieldOptions.build(draft, settings: settings)
        if screen != nil || anyScreen {
            guard sdk.reportsScreen else {
                throw LassoError(.usage, "--screen: \(sdk.rawValue) records report no page beside the path")
            }
            if let screen, screen.trimmingCharacters(in: .whitespaces).isEmpty || DisplayText.hasEscaped(screen) {
                throw LassoError(
                    .usage,
                    "--screen: expected the page's name as the SDK reports it (--any-screen: every page), found \"\(DisplayText.escaped(screen))\""
                )
            }
            definition.screen = anyScreen ? nil : screen
        }
        if definition.isPageOnly, !entry.definition.isPageOnly, fields.path == nil {
            // The path goes: say so, and what is counted instead.
            Console.error(
                "note: \(sdk.rawValue) SDKs send a page view without an element path: the path "
                    + DisplayText.escaped(entry.definition.viewPathText) + " goes; it counts the page views of "
                    + (definition.screen.map { "the page " + DisplayText.escaped($0) } ?? "every page"))
        }
        if definition.isPageOnly {
            // A page view of an SDK's records has its page and no element path.
            if fields.path != nil {
                throw LassoError(
                    .usage,
                    "--path: \(sdk.rawValue) SDKs send a page view without an element path; its page is the definition's screen"
                )
            }
            definition = definition.pageOnly(in: sdk, screen: definition.screen)
        } else if let dialectPattern {
            definition = definition.rewritten(in: sdk, pattern: dialectPattern, screen: definition.screen)
        } else if entry.definition.isPageOnly {
            throw LassoError(
                .usage, "--path: a \(definition.viewEvent) of \(sdk.rawValue) records is on an element: give its path")
        }
        try EventFieldOptions.check(
            definition, events: events, entries: entries, configs: configs, force: fields.force,
            was: entry.definition)
        let written = try events.written(definition, replacing: entries)
        if json {
            Console.json(
                EventDefinitionCodec.json(EventDirectory.Entry(definition: written.document, file: written.file)))
        } else {
            Console.print(written.file)
        }
    }
}
