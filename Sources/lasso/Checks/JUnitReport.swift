import LassoSnapshot

/// A JUnit XML report: a test suite for each snapshot (or the configs folder), a test case for each thing checked,
/// a `<failure>` for each failure; a warning passes and says itself in the case's `<system-out>`.
enum JUnitReport {
    static func text(_ checks: [ReportedCheck], tool: String) -> String {
        var groups: [String] = []
        for check in checks where !groups.contains(check.group) { groups.append(check.group) }
        let failures = checks.filter { $0.verdict == .failure }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escaped(tool))\" tests=\"\(checks.count)\" failures=\"\(failures)\">\n"
        for group in groups {
            let members = checks.filter { $0.group == group }
            let failed = members.filter { $0.verdict == .failure }.count
            xml +=
                "  <testsuite name=\"\(escaped(group))\" tests=\"\(members.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
            for check in members {
                xml += "    <testcase classname=\"\(escaped(check.file))\" name=\"\(escaped(check.name))\""
                switch check.verdict {
                case .passed:
                    xml += "/>\n"
                case .warning:
                    xml +=
                        ">\n      <system-out>\(escaped("warning " + check.rule + ": " + check.message))</system-out>\n"
                    xml += "    </testcase>\n"
                case .failure:
                    xml +=
                        ">\n      <failure type=\"\(escaped(check.rule))\" message=\"\(escaped(check.message))\">\(escaped(check.file + ":" + String(check.line) + ": " + check.message))</failure>\n"
                    xml += "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Text for an XML attribute or element: the five entities, and as `\u{…}` the characters XML 1.0 cannot hold and
    /// the controls and bidirectional characters that would drive or reorder a reader's display.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            default:
                // Bidirectional controls, DEL and C1 are valid XML but reorder or drive what shows them.
                let allowed =
                    scalar.value >= 0x20 && !(0xD800...0xDFFF).contains(scalar.value)
                    && scalar.value != 0xFFFE && scalar.value != 0xFFFF && !DisplayText.isEscaped(scalar)
                out += allowed ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out
    }
}
