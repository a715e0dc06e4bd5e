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
    var line: Int

    /// A config's verdict, pointing at the field its status is about (the path for no-match, the key path for
    /// no-value).
    static func config(
        group: String, file: String, keyName: String, shortID: String, status: String, reason: String, broken: Bool
    ) -> ReportedCheck {
        let field = status == "no-value" || status == "mixed" ? "$.keyPath" : "$.viewPath"
        return ReportedCheck(
            group: group, name: "config \(shortID) \(keyName)", verdict: broken ? .failure : .passed, rule: status,
            message: reason.isEmpty ? status : reason, file: file, line: line(of: field, inFile: file))
    }

    /// The line of a JSON path in a document file (1 when the file cannot be read).
    static func line(of jsonPath: String, inFile file: String) -> Int {
        guard let bytes = try? FileBytes.read(file) else { return 1 }
        return DocumentLines.line(of: jsonPath, in: String(decoding: bytes, as: UTF8.self))
    }
}
