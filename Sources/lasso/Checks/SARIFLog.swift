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
        artifact["uri"] = .string(check.file)
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
}
