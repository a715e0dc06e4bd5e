import ArgumentParser
import Foundation
import LassoCore

/// `lasso validate`: checks the configs against snapshots of the app; exit 1 when any is broken.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check configs against snapshots: matches, values, and ok / no-match / no-value / ambiguous.",
        discussion: """
            Each snapshot is checked against the configs of its app key whose versions contain its app version. Exit 1 when any \
            config is broken. Also warns, per snapshot, about configs that collect the same key name from the same view for the same \
            event (JSON: "duplicates"). Snapshots may be Appium, uiautomator or recursiveDescription dumps (see lasso import).
            """)

    @Argument(help: "The snapshot files.") var snapshots: [String]
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

    func validate() throws {
        guard !snapshots.isEmpty else { throw ValidationError("give at least one snapshot") }
        try input.checkControllers(snapshots: snapshots.count)
    }

    func run() throws {
        let settings = try profile.resolve()
        let directory = settings.configDirectory(override: configs)
        let entries = try directory.loadExisting()
        var broken = 0
        var reports: [JSONValue] = []
        var notes = ImportNotes()
        let hookEntries = try HookDirectory(root: directory.root).load()
        var groups: [String: [Snapshot]] = [:]
        var groupOrder: [String] = []
        for file in snapshots {
            let screen = try Screen(path: file, profile: profile, input: input, notes: &notes)
            let groupKey =
                (settings.appKey ?? screen.snapshot.app.key ?? "") + "\u{0}" + (screen.snapshot.app.version ?? "")
            if groups[groupKey] == nil { groupOrder.append(groupKey) }
            groups[groupKey, default: []].append(screen.snapshot)
            let validator = ConfigValidator(PathMatcher(screen.table))
            let version = screen.snapshot.app.version.flatMap(AppVersion.init)
            let relevant = validator.relevant(
                entries, appKey: settings.appKey ?? screen.snapshot.app.key, version: version)
            var results: [JSONValue] = []
            var outcomes: [ConfigValidator.Outcome] = []
            if !json {
                Console.print(
                    "\(file) (\(screen.snapshot.app.key ?? "no app key") \(screen.snapshot.app.version ?? "no version")): \(relevant.count) config(s)"
                )
            }
            for entry in relevant {
                let outcome = validator.check(entry)
                outcomes.append(outcome)
                if outcome.status.isBroken { broken += 1 }
                var object = JSONObject()
                object["id"] = .string(entry.config.id)
                object["file"] = .string(entry.file)
                object["keyName"] = .string(entry.config.keyName)
                object["viewEvent"] = .string(entry.config.viewEvent)
                object["viewPath"] = .string(entry.config.viewPathText)
                object["status"] = .string(outcome.status.rawValue)
                object["matches"] = .int(outcome.matches.count)
                object["nodes"] = .array(outcome.matches.map { .int($0) })
                object["value"] = outcome.value ?? .null
                if !outcome.reason.isEmpty { object["reason"] = .string(outcome.reason) }
                results.append(.object(object))
                if !json {
                    let value = outcome.value.map { DisplayText.escaped(JSONWriter.compact($0)) } ?? "—"
                    var line =
                        "  \(outcome.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(entry.config.shortID) \(entry.config.keyName) = \(value)  (\(outcome.matches.count) view\(outcome.matches.count == 1 ? "" : "s"))"
                    if !outcome.reason.isEmpty { line += ": " + outcome.reason }
                    Console.print(line)
                }
            }
            let duplicates = DuplicateCollection.find(outcomes)
            if !json {
                for duplicate in duplicates { Console.print("  warning: " + DisplayText.escaped(duplicate.sentence)) }
            }
            var report = JSONObject()
            report["snapshot"] = .string(file)
            report["appKey"] = screen.snapshot.app.key.map { .string($0) } ?? .null
            report["version"] = screen.snapshot.app.version.map { .string($0) } ?? .null
            report["configs"] = .array(results)
            report["duplicates"] = .array(duplicates.map(\.json))
            reports.append(.object(report))
        }
        // Hook configs are checked once per app and version, on all of its snapshots together: a hooked class need
        // be on only one of its screens.
        var hookReports: [JSONValue] = []
        for groupKey in groupOrder where !hookEntries.isEmpty {
            let group = groups[groupKey]!
            let first = group[0]
            let hooks = HookCheck(
                entries: hookEntries, snapshots: group, appKey: settings.appKey ?? first.app.key,
                version: first.app.version.flatMap(AppVersion.init))
            broken += hooks.broken.count
            if json {
                var object = JSONObject()
                object["appKey"] = first.app.key.map { .string($0) } ?? .null
                object["version"] = first.app.version.map { .string($0) } ?? .null
                object["snapshots"] = .array(group.map { .string($0.file) })
                object["hooks"] = .array(hooks.results.map(\.json))
                hookReports.append(.object(object))
            } else if !hooks.results.isEmpty {
                Console.print(
                    "\(first.app.key ?? "no app key") \(first.app.version ?? "no version") (\(group.count) snapshot\(group.count == 1 ? "" : "s")):"
                )
                HookReport.printText(hooks, closings: [], indent: "  ")
            }
        }
        notes.print()
        if json {
            // Without hook configs, the report stays the array of snapshots it always was.
            Console.json(
                hookEntries.isEmpty
                    ? .array(reports)
                    : .object(JSONObject(["snapshots": .array(reports), "hookChecks": .array(hookReports)])))
        } else {
            Console.print(broken == 0 ? "all configs ok" : "\(broken) broken")
        }
        if broken > 0 { throw ExitCode(ExitStatus.findings) }
    }
}
