import LassoDocuments
import LassoSnapshot

/// A SARIF 2.1.0 log of the warnings and failures (one run, lasso its tool, a rule for each status or lint rule), as
/// GitHub code scanning and other SARIF readers take it.
enum SARIFLog {
    static func text(_ checks: [ReportedCheck], tool: String) -> String {
        let reported = checks.filter { $0.verdict != .passed }
        var ruleIds: [String] = []
        for check in reported where !ruleIds.contains(check.rule) { ruleIds.append(check.rule) }
        var driver = JSONObject()
        driver["name"] = .string("lasso")
        driver["semanticVersion"] = .string(BuildInfo.packageVersion)
        driver["fullName"] = .string(tool)
        driver["rules"] = .array(
            ruleIds.map { id in
                var rule = JSONObject()
                rule["id"] = .string(id)
                var short = JSONObject()
                short["text"] = .string(LintFinding.Rule(rawValue: id)?.summary ?? "lasso: \(id)")
                rule["shortDescription"] = .object(short)
                return .object(rule)
            })
        var toolObject = JSONObject()
        toolObject["driver"] = .object(driver)
        var run = JSONObject()
        run["tool"] = .object(toolObject)
        run["results"] = .array(reported.map { result($0, ruleIndex: ruleIds.firstIndex(of: $0.rule) ?? 0) })
        var log = JSONObject()
        log["version"] = .string("2.1.0")
        log["$schema"] = .string("https://json.schemastore.org/sarif-2.1.0.json")
        log["runs"] = .array([.object(run)])
        return JSONWriter.pretty(.object(log)) + "\n"
    }

    private static func result(_ check: ReportedCheck, ruleIndex: Int) -> JSONValue {
        var message = JSONObject()
        message["text"] = .string(check.name + ": " + check.message)
        var artifact = JSONObject()
        artifact["uri"] = .string(uriReference(check.file))
        var region = JSONObject()
        region["startLine"] = .int(max(1, check.line))
        var physical = JSONObject()
        physical["artifactLocation"] = .object(artifact)
        physical["region"] = .object(region)
        var location = JSONObject()
        location["physicalLocation"] = .object(physical)
        var result = JSONObject()
        result["ruleId"] = .string(check.rule)
        result["ruleIndex"] = .int(ruleIndex)
        result["level"] = .string(check.verdict == .failure ? "error" : "warning")
        result["message"] = .object(message)
        result["locations"] = .array([.object(location)])
        return .object(result)
    }

    /// A file's path as a URI reference (RFC 3986): each byte but the unreserved characters and `/` percent-encoded,
    /// so that a `%0A` or a space in a file name reads back as that name, never as a line feed.
    static func uriReference(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
