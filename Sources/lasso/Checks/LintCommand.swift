import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso lint`: the configs folder as a whole, for pull requests (docs/lint.md): duplicate keys and duplicate
/// counting across files, overlapping versions, canonical form, bounds the exports cannot express, unknown fields and
/// definitions no config feeds; `--fix` rewrites the files that have one right form.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint", abstract: "Check the configs folder as a whole: duplicates, overlaps, form, orphans.",
        discussion:
            "Each finding names its file, line and JSON path and its rule. Exit 1 when anything is found (after --fix, when anything is left), 0 when nothing is."
    )

    @OptionGroup var location: ConfigsOptions
    @Flag(help: "Rewrite files that are not in the canonical form and rename misnamed ones, atomically.") var fix =
        false
    @OptionGroup var reporter: ReporterOptions

    func run() throws {
        let format = try reporter.format()
        let (_, directory) = try location.resolve()
        try directory.requireExisting()
        var lint = FolderLint(root: directory.root)
        if fix {
            for line in try lint.fix() { Console.error(line) }
            lint = FolderLint(root: directory.root)
        }
        let findings = lint.findings
        let checks = findings.map { finding in
            ReportedCheck(
                group: directory.root, name: finding.rule.rawValue + " " + finding.jsonPath,
                verdict: [.unknownField, .orphan, .unnumbered].contains(finding.rule) ? .warning : .failure,
                rule: finding.rule.rawValue, message: finding.message, file: finding.file, line: finding.line)
        }
        if !format.writeCI(checks, tool: "lasso lint") {
            if format == .json {
                Console.json(.array(findings.map(Self.json)))
            } else {
                for finding in findings {
                    Console.print(
                        "\(finding.file):\(finding.line): \(finding.rule.rawValue): \(finding.jsonPath): \(DisplayText.escaped(finding.message))"
                            + (finding.fixable ? " (fixable)" : "")
                    )
                }
                let files = Set(findings.map(\.file)).count
                Console.print(
                    findings.isEmpty
                        ? "no findings in \(directory.root)"
                        : "\(findings.count) finding(s) in \(files) file(s)"
                            + (findings.contains(where: \.fixable)
                                ? "; lasso lint --fix repairs the ones marked fixable" : ""))
            }
        }
        if !findings.isEmpty { throw ExitCode(ExitStatus.findings) }
    }

    static func json(_ finding: LintFinding) -> JSONValue {
        var object = JSONObject()
        object["rule"] = .string(finding.rule.rawValue)
        object["file"] = .string(finding.file)
        object["line"] = .int(finding.line)
        object["jsonPath"] = .string(finding.jsonPath)
        object["message"] = .string(finding.message)
        object["fixable"] = .bool(finding.fixable)
        return .object(object)
    }
}
