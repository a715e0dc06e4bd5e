import LassoDocuments
import LassoSnapshot

/// One thing `validate`, `check` or `lint` looked at, with its verdict and where it points: what the CI reporters
/// (`--reporter github|sarif|junit`) write, one annotation, result or test case each.
struct ReportedCheck {
    enum Verdict: String {
        case passed
        case warning
        case failure
    }

    /// What was looked at in (a snapshot, or the configs folder): a JUnit test suite.
    var group: String
    /// What was checked, in a few words: a JUnit test case's name.
    var name: String
    var verdict: Verdict
    /// The rule or status (`no-match`, `duplicate-key`): GitHub's title and SARIF's rule id.
    var rule: String
    var message: String
    /// The file the finding is about, and the line in it.
    var file: String
    /// The line in `file`: given, or found from a JSON path only when a reporter asks (reading the file then, as
    /// text and JSON output never do: read for every config of a big folder, it was a fifth of `validate`).
    var line: Int { givenLine ?? pointedAt.map { Self.line(of: $0, inFile: file) } ?? 1 }
    private var givenLine: Int?
    private var pointedAt: String?

    init(
        group: String, name: String, verdict: Verdict, rule: String, message: String, file: String, line: Int
    ) {
        self.init(group: group, name: name, verdict: verdict, rule: rule, message: message, file: file)
        givenLine = line
    }

    /// A check whose line is that of `jsonPath` in `file`, found when asked.
    init(
        group: String, name: String, verdict: Verdict, rule: String, message: String, file: String,
        jsonPath: String? = nil
    ) {
        self.group = group
        self.name = name
        self.verdict = verdict
        self.rule = rule
        self.message = message
        self.file = file
        pointedAt = jsonPath
    }

    /// A config's verdict, pointing at the field its status is about (the path for no-match, the key path for
    /// no-value).
    static func config(
        group: String, file: String, keyName: String, shortID: String, status: String, reason: String, broken: Bool
    ) -> ReportedCheck {
        let field = status == "no-value" || status == "mixed" ? "$.keyPath" : "$.viewPath"
        return ReportedCheck(
            group: group, name: "config \(shortID) \(keyName)", verdict: broken ? .failure : .passed, rule: status,
            message: reason.isEmpty ? status : reason, file: file, jsonPath: field)
    }

    /// The line of a JSON path in a document file (1 when the file cannot be read).
    private static func line(of jsonPath: String, inFile file: String) -> Int {
        guard let bytes = try? FileBytes.read(file) else { return 1 }
        return DocumentLines.line(of: jsonPath, in: String(decoding: bytes, as: UTF8.self))
    }
}
