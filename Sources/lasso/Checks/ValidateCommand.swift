import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso validate`: checks the configs against snapshots of the app; exit 1 when any is broken.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Check configs and event definitions against snapshots: matches, values, and ok / no-match / no-value / ambiguous / mixed / unfed.",
        discussion: """
            Each snapshot is checked against the configs of its app key whose versions contain its app version. Exit 1 when any \
            config is broken. Also warns, per snapshot, about configs that collect the same key name from the same view for the same \
            event (JSON: "duplicates"). Each event definition of the app whose versions hold the snapshot's version must match a \
            view (no-match), and each content key must be reported by a config at that place or be an SDK field (unfed, with the \
            lasso config add line that would feed it; JSON: "events"). Hook configs of the snapshot's app and version are \
            checked on it as lasso check does (JSON: "hooks"). Snapshots may be Appium, uiautomator or recursiveDescription dumps (see lasso import).
            """)

    @Argument(help: "The snapshot files.") var snapshots: [String]
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @OptionGroup var reporter: ReporterOptions
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

    func validate() throws {
        guard !snapshots.isEmpty else { throw ValidationError("give at least one snapshot") }
        try input.checkControllers(snapshots: snapshots.count)
    }

    func run() throws {
        let format = try reporter.format()
        // Text as it goes for a person; JSON, or a CI reporter's form, at the end.
        let text = format == .text
        var checks: [ReportedCheck] = []
        let settings = try profile.resolve()
        let directory = settings.configDirectory(override: configs)
        let entries = try directory.loadExisting()
        let definitions = try EventDirectory(root: directory.root).load()
        let configs = entries.map(\.config)
        var broken = 0
        var reports: [JSONValue] = []
        var notes = ImportNotes()
        let hookEntries = try HookDirectory(root: directory.root).load()
        // What only the folder as a whole shows (one key twice, one meaning under two keys) fails validation too.
        let doubled = FolderLint(
            root: directory.root,
            doubledAmong: entries.map(\.stored) + definitions.map(\.stored) + hookEntries.map(\.stored)
        ).doubled()
        broken += doubled.count
        checks += doubled.map { finding in
            ReportedCheck(
                group: directory.root, name: finding.rule.rawValue + " " + finding.jsonPath, verdict: .failure,
                rule: finding.rule.rawValue, message: finding.message, file: finding.file, line: finding.line)
        }
        if text {
            for finding in doubled {
                Console.print(
                    "\(finding.file):\(finding.line): \(finding.rule.rawValue): \(DisplayText.escaped(finding.message))"
                )
            }
        }
        for file in snapshots {
            let screen = try Screen(path: file, profile: profile, input: input, notes: &notes)
            let validator = ConfigValidator(PathMatcher(screen.table))
            let version = screen.snapshot.app.version.flatMap(AppVersion.init)
            let relevant = validator.relevant(
                entries, appKey: screen.appKey, version: version)
            var results: [JSONValue] = []
            var outcomes: [ConfigValidator.Outcome] = []
            if text {
                Console.print(
                    "\(Console.cell(file)) (\(Console.cell(screen.snapshot.app.key ?? "no app key")) \(Console.cell(screen.snapshot.app.version ?? "no version"))): \(relevant.count) config(s)"
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
                // A Sensors config saved with --force whose value its SDK cannot be sent: ok here, never served.
                let unsent = SensorsFields.applies(to: entry.config.profile) ? SensorsFields.unsent(entry.config) : nil
                if let unsent { object["notSent"] = .string(unsent) }
                results.append(.object(object))
                checks.append(
                    .config(
                        group: file, file: entry.file, keyName: entry.config.keyName, shortID: entry.config.shortID,
                        status: outcome.status.rawValue, reason: outcome.reason, broken: outcome.status.isBroken))
                if text {
                    let value = outcome.value.map { DisplayText.escaped(JSONWriter.compact($0)) } ?? "—"
                    var line =
                        "  \(outcome.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(entry.config.shortID) \(Console.cell(entry.config.keyName)) = \(value)  (\(outcome.matches.count) view\(outcome.matches.count == 1 ? "" : "s"))"
                    if !outcome.reason.isEmpty { line += ": " + Console.cell(outcome.reason) }
                    if let unsent { line += "  · not sent to Sensors SDKs: " + Console.cell(unsent) }
                    Console.print(line)
                }
            }
            let duplicates = DuplicateCollection.find(outcomes)
            checks += duplicates.map { duplicate in
                ReportedCheck(
                    group: file, name: "duplicate collection", verdict: .warning, rule: "duplicate",
                    message: duplicate.sentence, file: file, line: 1)
            }
            if text {
                for duplicate in duplicates { Console.print("  warning: " + DisplayText.escaped(duplicate.sentence)) }
            }
            let events = EventCheck(
                definitions: definitions, configs: configs,
                screens: [
                    EventCheck.Screen(
                        file: file, table: screen.table, appKey: screen.appKey,
                        version: version)
                ])
            broken += events.broken.count
            checks += events.results.map { EventCheckReport.check($0, group: file) }
            if text { EventCheckReport.printText(events.results) }
            // Hook configs of the snapshot's app and version, on this screen (as view configs are).
            let hooks = HookCheck(
                entries: hookEntries, snapshots: [screen.snapshot], appKey: screen.appKey,
                version: version)
            broken += hooks.broken.count
            checks += hooks.results.map { HookReport.check($0, group: file) }
            if text { HookReport.printText(hooks, closings: [], indent: "  ") }
            var report = JSONObject()
            report["snapshot"] = .string(file)
            report["appKey"] = screen.snapshot.app.key.map { .string($0) } ?? .null
            report["version"] = screen.snapshot.app.version.map { .string($0) } ?? .null
            report["configs"] = .array(results)
            report["duplicates"] = .array(duplicates.map(\.json))
            report["events"] = .array(events.results.map(EventCheckReport.json))
            report["hooks"] = .array(hooks.results.map(\.json))
            // The folder's doubled documents, the same in every snapshot's report (they concern no one screen).
            report["folder"] = .array(doubled.map(LintCommand.json))
            reports.append(.object(report))
        }
        notes.print()
        if format == .json {
            Console.json(.array(reports))
        } else if !format.writeCI(checks, tool: "lasso validate") {
            Console.print(
                broken == 0
                    ? (definitions.isEmpty ? "all configs ok" : "all configs and event definitions ok")
                    : "\(broken) broken")
        }
        if broken > 0 { throw ExitCode(ExitStatus.findings) }
    }
}
