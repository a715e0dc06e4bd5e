import ArgumentParser
import LassoCounting
import LassoDocuments
import LassoSnapshot

/// `lasso event convert`: another SDK's record files rewritten as lasso's records, to be loaded into lasso's records
/// table (`lasso event export --ddl --load`) and counted there by the definitions in that SDK's profile.
struct EventConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert", abstract: "Rewrite another SDK's event records as lasso's records (JSON lines).",
        discussion:
            "Each line as lasso event count --records reads it: the SDK's event, its path, app version, time and properties. Lines that are not the SDK's records are left out and said on stderr (exit 0)."
    )

    @Argument(help: "The SDK's record files: JSON lines, plain or gzip.") var logs: [String]
    @Option(help: "Whose records they are: sensors, growingio or posthog.") var records: String
    @Option(
        name: .customLong("app-key"), help: "The app the records are of (default: appKey of lasso.json).",
        completion: Completions.appKeys, transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var location: ConfigsOptions
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write the records to this file (atomically) instead of stdout.", valueName: "output"))
    var output: String?

    func validate() throws {
        guard let format = RecordFormat(rawValue: records), format != .lasso else {
            throw ValidationError("--records: expected sensors, growingio or posthog, found \"\(records)\"")
        }
        if logs.isEmpty { throw ValidationError("expected at least one LOG") }
    }

    func run() throws {
        let format = RecordFormat(rawValue: records)!
        let (settings, _) = try location.resolve()
        guard let app = appKey ?? settings.appKey else {
            throw LassoError(.usage, "no app key: give --app-key, or set appKey in lasso.json (the records carry none)")
        }
        var written: [UInt8] = []
        let summary = try RecordConversion.convert(files: logs, format: format, appKey: app) { piece in
            if output == nil { Console.exact(utf8: piece) } else { written += piece }
        }
        if let output { try AtomicFile.write(written, to: output) }
        for sample in summary.samples {
            Console.error("\(DisplayText.escaped(sample.file)):\(sample.line): \(sample.reason)")
        }
        let skipped =
            summary.malformed > 0
            ? "; \(summary.malformed) malformed line\(summary.malformed == 1 ? "" : "s") left out" : ""
        Console.error("\(output.map { "wrote \($0): " } ?? "")\(summary.records) records of \(app)\(skipped)")
    }
}
