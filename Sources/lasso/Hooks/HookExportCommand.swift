import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// The forms `lasso hook export` writes.
enum HookExportFormat: String, CaseIterable, ExpressibleByArgument {
    /// The table RJEventTracking-style hook libraries read.
    case rjeventtracking
    /// lasso's own form: every field of every config.
    case lasso
}

/// `lasso hook export`: writes one app's hook configs as the table hook libraries read, listing what it cannot say.
struct HookExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write one app's hook configs as a hook library's table.",
        discussion:
            "What the table cannot say (rules, values, a rule-based config without --impl-name) is listed on stderr, one line each."
    )

    @Option(help: "The form: rjeventtracking (the table hook libraries read) or lasso (every field).")
    var format: ArgumentChoice<HookExportFormat>
    @Option(name: .customLong("table-version"), help: "The table's own version, written as its \"version\".")
    var tableVersion: String?
    @Option(name: .customLong("app-version"), help: "Only the configs that hold in this app version.")
    var appVersion: String?
    @Option(
        name: .customLong("app-key"), help: "The app (default: appKey of lasso.json, else the only app).",
        completion: Completions.appKeys, transform: AppKeyText.normalized)
    var appKey: String?
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write the table to this file (atomically) instead of stdout (-: stdout).", valueName: "output"))
    var given: String?
    @OptionGroup var location: ConfigsOptions
    @Flag(
        help:
            "Print one JSON object: the app, the format, the file written (with -o), what the table cannot say, and the document itself (without -o)."
    )
    var json = false

    /// The file -o names; nil for standard output (no -o, or -o -).
    var output: String? { given == "-" ? nil : given }

    func validate() throws { try format.validate("--format") }

    func run() throws {
        let (settings, directory) = try HookCodec.folder(location)
        let version = try ConfigFieldOptions.version(appVersion, flag: "--app-version")
        let entries = try directory.loadExisting()
        let app = try ExportedApp.resolve(
            given: appKey, settings: settings, apps: entries.map(\.config.appKey), noun: "hooks")
        let configs = entries.map(\.config).filter { $0.appKey == app }
        let text: String
        var notInTable: [String] = []
        let chosen = try format.checked("--format")
        switch chosen {
        case .rjeventtracking:
            guard let tableVersion, !tableVersion.isEmpty else {
                throw LassoError(.usage, "--table-version: expected the table's version (0.1.0), found nothing")
            }
            let table = HookTable(tableVersion: tableVersion, configs: configs, appVersion: version)
            notInTable = table.unexpressed
            if !json { for line in notInTable { Console.error("not in the table: " + line) } }
            text = table.text
        case .lasso:
            var object = JSONObject()
            object["appKey"] = .string(app)
            if let version { object["version"] = .string(version.text) }
            object["hooks"] = .array(
                configs.filter { config in version.map { config.versions.contains($0) } ?? true }.map(HookCodec.json))
            text = JSONWriter.pretty(.object(object)) + "\n"
        }
        if json {
            var report = JSONObject()
            report["appKey"] = .string(app)
            report["format"] = .string(chosen.rawValue)
            report["file"] = output.map(JSONValue.string) ?? .null
            report["notInTable"] = .array(notInTable.map(JSONValue.string))
            if let output {
                try AtomicFile.write(text, to: output)
            } else {
                report["document"] = try JSONParser.parse(Array(text.utf8), file: "the exported table")
            }
            Console.json(.object(report))
        } else if let output {
            try AtomicFile.write(text, to: output)
            Console.error("wrote \(output)")
        } else {
            Console.exact(text, terminator: "")
        }
    }
}
