import LassoSnapshot

/// GitHub Actions workflow commands, one a warning or failure: `::error file=F,line=L,title=T::message`, escaped as
/// GitHub's toolkit escapes them (`%`, CR and LF in the message; also `:` and `,` in properties), and every other
/// control, escape or bidirectional character shown as `DisplayText` shows it (`\e`, `\u{…}`), never raw.
enum GitHubAnnotations {
    static func text(_ checks: [ReportedCheck]) -> String {
        var lines = ""
        for check in checks where check.verdict != .passed {
            let command = check.verdict == .failure ? "error" : "warning"
            lines +=
                "::\(command) file=\(property(check.file)),line=\(check.line),title=\(property("lasso " + check.rule))::\(data(check.name + ": " + check.message))\n"
        }
        return lines
    }

    /// A message, escaped: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    static func data(_ text: String) -> String { escaped(text, also: [:]) }

    /// A property's value, escaped as a message and also `:` → `%3A`, `,` → `%2C`.
    static func property(_ text: String) -> String { escaped(text, also: [":": "%3A", ",": "%2C"]) }

    /// Escapes scalar by scalar (a CR LF pair is one `Character`, so it is not replaced as two).
    private static func escaped(_ text: String, also extra: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where DisplayText.isEscaped(scalar): out += DisplayText.escaped(String(scalar))
            default: out += extra[scalar] ?? String(scalar)
            }
        }
        return out
    }
}
