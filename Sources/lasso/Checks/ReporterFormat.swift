import ArgumentParser
import LassoSnapshot

/// `--reporter`: how `validate`, `check` and `lint` say what they found. `text` and `json` are the commands' own
/// reports; `github`, `sarif` and `junit` are the forms CI systems read (workflow annotations, SARIF 2.1.0 for code
/// scanning, JUnit XML for test reports).
enum ReporterFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
    case github
    case sarif
    case junit

    /// Writes `checks` in a CI form; false for `text` and `json`, which the command writes itself.
    func writeCI(_ checks: [ReportedCheck], tool: String) -> Bool {
        switch self {
        case .text, .json: return false
        case .github: Console.exact(GitHubAnnotations.text(checks), terminator: "")
        case .sarif: Console.exact(SARIFLog.text(checks, tool: tool), terminator: "")
        case .junit: Console.exact(JUnitReport.text(checks, tool: tool), terminator: "")
        }
        return true
    }
}

/// `--reporter FORMAT`, with `--json` kept as the short way to say `--reporter json`.
struct ReporterOptions: ParsableArguments {
    @Option(help: "How to report: text, json, github (workflow annotations), sarif (SARIF 2.1.0) or junit (JUnit XML).")
    var reporter: ReporterFormat?
    @Flag(help: "Print JSON (the same as --reporter json).") var json = false

    /// The format chosen; `--json` with another reporter is a usage error.
    func format() throws -> ReporterFormat {
        if json, let reporter, reporter != .json {
            throw LassoError(.usage, "--json and --reporter \(reporter.rawValue): give one of them")
        }
        return json ? .json : reporter ?? .text
    }
}
