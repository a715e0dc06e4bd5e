import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso check`: the release check (docs/release-check.md) — do the configs around a new version still match and resolve on its screens?
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Release check: do the configs still match and give values on the new version's screens?",
        discussion: """
            Looks at the configs (of the app key from --app-key, lasso.json or the snapshots) whose versions contain V, end at V, \
            or contain the version before V: --previous, else the greatest version below V at which any of the app's configs \
            starts or ends. V is --app-version, else the snapshots' app version. A config is ok when, on every snapshot where its \
            path matches, its key path gives a value; no-value or ambiguous when it fails on one; no-match when it matches on \
            none (with the nearest view). --close-broken ends each broken config at V; --extend carries an ok config that had \
            ended before V into V. Files are rewritten atomically; others stay byte-identical. Each event definition whose versions \
            hold V must match a view on the screens (no-match) and have its content keys reported by a config there (unfed; \
            JSON: "events"). Hook configs whose versions contain V are checked too: their class on the screens, their \
            selectors where the snapshots list the class's methods or actions, their key paths on the class's views \
            (JSON: "hooks"); --close-broken ends a broken one at V. With --catalogue, each definition of V is looked for in the \
            release's event catalogue: a key renamed or a number moved in code is broken, one the code lacks a warning \
            (JSON: "catalogue"). Exit 1 when anything broke.
            """)

    @Argument(help: "Snapshots of the new version (lasso snapshots or dumps).") var snapshots: [String]
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    /// The old spelling of `--app-version` (V), kept with a warning.
    @Option(name: .customLong("version"), help: .hidden) var deprecatedVersion: String?
    @Option(
        help: "The version before V (default: the greatest version below V that a config's interval starts or ends at)."
    )
    var previous: String?
    @Flag(name: .customLong("close-broken"), help: "End each broken config's versions at V.") var closeBroken = false
    @Flag(help: "Give each ok config whose versions ended before V versions that cover V.") var extend = false
    @Flag(
        help:
            "Propose for each broken config a repaired one from V: the path re-found with the same wildcards, the key path re-found by its old value; shown as a diff."
    )
    var repair = false
    @Flag(
        help: "With --repair: end each repaired config at V and add its repair from V (exit 0 when all are repaired).")
    var write = false
    @Option(
        name: .customLong("before"),
        help: "A snapshot of the version before V (repeatable): where --repair reads the value a broken key path gave.")
    var before: [String] = []
    @Option(
        help:
            "The release's event catalogue (the Swift, Java or JSON lasso event catalogue wrote, as the code has it): each definition of V whose key or number it no longer has is said."
    )
    var catalogue: String?
    @OptionGroup var reporter: ReporterOptions
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

    func validate() throws {
        guard !snapshots.isEmpty else { throw ValidationError("give at least one snapshot of the new version") }
        if write && !repair { throw ValidationError("--write writes the repairs of --repair: give both") }
        if write && closeBroken {
            throw ValidationError("--repair --write closes the broken configs itself: leave out --close-broken")
        }
        try input.checkControllers(snapshots: snapshots.count)
    }

    func run() throws {
        let format = try reporter.format()
        let settings = try profile.resolve()
        let directory = settings.configDirectory(override: configs)
        let entries = try directory.loadExisting()
        var notes = ImportNotes()
        var screens: [Screen] = []
        for file in snapshots { screens.append(try Screen(path: file, profile: profile, input: input, notes: &notes)) }
        notes.print()
        let newVersion = try releaseVersion(screens)
        let previousVersion = try ConfigFieldOptions.version(previous, flag: "--previous")
        if let previousVersion, !(previousVersion < newVersion) {
            throw LassoError(.usage, "--previous: expected a version before \(newVersion), found \(previousVersion)")
        }
        let app = input.appKey ?? Self.common(screens.map(\.snapshot.app.key)) ?? settings.appKey
        let appConfigs = entries.filter { app == nil || $0.config.appKey == app }.map(\.config)
        let window = ReleaseWindow(version: newVersion, previous: previousVersion, configs: appConfigs)
        let check = ReleaseCheck(
            entries: entries, screens: screens.map { ReleaseCheck.Screen(file: $0.snapshot.file, table: $0.table) },
            appKey: app, window: window)
        let edits = ReleaseEdit.apply(
            ReleaseEdit.plan(check, closeBroken: closeBroken, extend: extend), directory: directory, entries: entries)
        let newScreens = screens.map { ReleaseCheck.Screen(file: $0.snapshot.file, table: $0.table) }
        var beforeScreens: [ReleaseCheck.Screen] = []
        if repair {
            var beforeNotes = ImportNotes()
            for file in before {
                let screen = try Screen(path: file, profile: profile, input: input, notes: &beforeNotes)
                beforeScreens.append(ReleaseCheck.Screen(file: screen.snapshot.file, table: screen.table))
            }
            beforeNotes.print()
        }
        var repairs: [ReleaseRepair] = []
        if repair {
            repairs = ReleaseRepair.plan(check, screens: newScreens, before: beforeScreens)
            if write {
                repairs = ReleaseRepair.write(
                    repairs, at: newVersion, directory: directory, entries: try directory.loadExisting())
            }
        }
        let hookDirectory = HookDirectory(root: directory.root)
        let hookEntries = try hookDirectory.load()
        let hooks = HookCheck(
            entries: hookEntries, snapshots: screens.map(\.snapshot), appKey: app, version: newVersion)
        let hookClosings = closeBroken ? hooks.closeBroken(in: hookDirectory, entries: hookEntries) : []
        var hookRepairs: [HookRepair] = []
        if repair {
            hookRepairs = HookRepair.plan(hooks, version: newVersion, screens: newScreens, before: beforeScreens)
            if write {
                hookRepairs = HookRepair.write(
                    hookRepairs, at: newVersion, directory: hookDirectory, entries: hookEntries)
            }
        }
        // Named events are checked with the configs as they are now: a repaired config feeds them again.
        let configsNow =
            repairs.contains { !$0.written.isEmpty }
            ? try directory.loadExisting().filter { app == nil || $0.config.appKey == app }.map(\.config) : appConfigs
        let eventDirectory = EventDirectory(root: directory.root)
        let definitions = try eventDirectory.load()
        let events = EventCheck(
            definitions: definitions.filter { app == nil || $0.definition.appKey == app },
            configs: configsNow,
            screens: screens.map {
                EventCheck.Screen(file: $0.snapshot.file, table: $0.table, appKey: app, version: newVersion)
            })
        var definitionRepairs: [DefinitionRepair] = []
        if repair {
            definitionRepairs = DefinitionRepair.plan(events, version: newVersion, screens: newScreens)
            if write {
                definitionRepairs = DefinitionRepair.write(
                    definitionRepairs, at: newVersion, directory: eventDirectory, entries: definitions)
            }
        }
        let catalogueCheck = try catalogue.map { file in
            CatalogueCheck(
                file: file, entries: try CatalogueCheck.read(file, appKey: app),
                definitions: definitions.map(\.definition).filter {
                    (app == nil || $0.appKey == app) && $0.versions.contains(newVersion)
                })
        }
        let group = "release check of \(newVersion)"
        var checks = check.results.map { result in
            ReportedCheck.config(
                group: group, file: result.entry.file, keyName: result.entry.config.keyName,
                shortID: result.entry.config.shortID, status: result.status.rawValue, reason: result.reason,
                broken: result.status.isBroken && result.why == .containsVersion)
        }
        checks += events.results.map { EventCheckReport.check($0, group: group) }
        checks += hooks.results.map { HookReport.check($0, group: group) }
        checks += (catalogueCheck?.results ?? []).map { CatalogueReport.check($0, group: group, file: catalogue!) }
        if format.writeCI(checks, tool: "lasso check") {
            // The CI forms say the verdicts; the exit status below says whether anything broke.
        } else if format == .json {
            guard case .object(var object) = CheckReport.json(check, edits: edits) else { return }
            object["events"] = .array(events.results.map(EventCheckReport.json))
            object["eventsBroken"] = .int(events.broken.count)
            object["hooks"] = .array(hooks.results.map(\.json))
            object["hookEdits"] = .array(hookClosings.map(\.json))
            object["hooksBroken"] = .int(hooks.broken.count)
            if let catalogueCheck { object["catalogue"] = CatalogueReport.json(catalogueCheck) }
            if repair {
                object["repairs"] = .array(repairs.map(\.json))
                object["eventRepairs"] = .array(definitionRepairs.map(\.json))
                object["hookRepairs"] = .array(hookRepairs.map(\.json))
            }
            Console.json(.object(object))
        } else {
            CheckReport.printText(check, edits: edits)
            if !events.results.isEmpty {
                Console.print(
                    "event definitions of \(newVersion): \(events.results.count), \(events.broken.count) broken")
                EventCheckReport.printText(events.results)
            }
            HookReport.printText(hooks, closings: hookClosings)
            if let catalogueCheck { CatalogueReport.printText(catalogueCheck, version: newVersion) }
            CheckReport.printRepairs(
                repairs.map(CheckReport.shown) + definitionRepairs.map(CheckReport.shown)
                    + hookRepairs.map(CheckReport.shown), written: write)
        }
        if let failure = edits.lazy.compactMap(\.failure).first(where: { $0.kind != .conflict }) {
            throw ExitCode(ExitStatus.of(failure) ?? 1)
        }
        let failures =
            repairs.compactMap(\.failure) + definitionRepairs.compactMap(\.failure) + hookRepairs.compactMap(\.failure)
        if let failure = failures.first { throw ExitCode(ExitStatus.of(failure) ?? 1) }
        // What a written repair mended breaks nothing at V any more.
        let mended = { (written: [String]) in write && !written.isEmpty }
        let configsBroken = check.broken.contains { result in
            !repairs.contains { $0.entry.config.id == result.entry.config.id && mended($0.written) }
        }
        let eventsBroken = events.broken.contains { result in
            !definitionRepairs.contains { $0.entry.definition.id == result.entry.definition.id && mended($0.written) }
        }
        let hooksBroken = hooks.broken.contains { result in
            !hookRepairs.contains { $0.entry.config.id == result.entry.config.id && mended($0.written) }
        }
        let catalogueBroken = !(catalogueCheck?.broken.isEmpty ?? true)
        if configsBroken || eventsBroken || hooksBroken || catalogueBroken { throw ExitCode(ExitStatus.findings) }
    }

    /// V: `--app-version` (or its old spelling `--version`), else the one app version all snapshots name.
    private func releaseVersion(_ screens: [Screen]) throws -> AppVersion {
        if let deprecatedVersion {
            guard input.appVersion == nil else {
                throw LassoError(.usage, "give --app-version once (--version is its old spelling)")
            }
            AppVersionOption.warnOfOldSpelling()
            if let given = try ConfigFieldOptions.version(deprecatedVersion, flag: "--version") { return given }
        }
        if let given = try ConfigFieldOptions.version(input.appVersion, flag: "--app-version") { return given }
        let named = screens.compactMap { screen in screen.snapshot.app.version.map { (screen.snapshot.file, $0) } }
        let distinct = Set(named.map(\.1))
        guard let text = distinct.first else {
            throw LassoError(.usage, "no version to check: the snapshots name no app version; give --app-version")
        }
        guard distinct.count == 1 else {
            let list = named.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
            throw LassoError(.usage, "the snapshots are of several app versions (\(list)); give --app-version")
        }
        guard let parsed = AppVersion(text) else {
            throw LassoError(
                .badInput, "\(named[0].0): expected an app version such as 5.3.0, found \"\(text)\"; give --app-version"
            )
        }
        return parsed
    }

    /// The one non-nil value all give, or nil.
    static func common(_ values: [String?]) -> String? {
        let distinct = Set(values.compactMap { $0 })
        return distinct.count == 1 ? distinct.first : nil
    }
}
