import Foundation
import LassoDocuments
import LassoSnapshot

/// How `check --catalogue` shows the release's catalogue against the definitions: a line each, JSON, or CI checks.
enum CatalogueReport {
    static func json(_ check: CatalogueCheck) -> JSONValue {
        var object = JSONObject()
        object["file"] = .string(check.file)
        object["broken"] = .int(check.broken.count)
        object["results"] = .array(
            check.results.map { result in
                var item = JSONObject()
                item["status"] = .string(result.status.rawValue)
                item["key"] = .string(result.definition?.key ?? result.entry?.key ?? "")
                item["number"] = (result.definition?.number ?? result.entry?.number).map(JSONValue.int) ?? .null
                if let entry = result.entry, result.status != .ok {
                    var code = JSONObject()
                    code["key"] = .string(entry.key)
                    code["number"] = .int(entry.number)
                    item["code"] = .object(code)
                }
                if !result.reason.isEmpty { item["reason"] = .string(result.reason) }
                return .object(item)
            })
        return .object(object)
    }

    static func check(_ result: CatalogueCheck.Result, group: String, file: String) -> ReportedCheck {
        let key = result.definition?.key ?? result.entry?.key ?? ""
        return ReportedCheck(
            group: group, name: "catalogue \(key)",
            verdict: result.status.isBroken ? .failure : result.status == .ok ? .passed : .warning,
            rule: "catalogue-" + result.status.rawValue,
            message: result.reason.isEmpty ? result.status.rawValue : result.reason, file: file, line: 1)
    }

    static func printText(_ check: CatalogueCheck, version: AppVersion) {
        Console.print(
            "event catalogue \(DisplayText.escaped(check.file)) at \(version): \(check.results.count) event(s), \(check.broken.count) broken"
        )
        for result in check.results {
            let key = result.definition?.key ?? result.entry?.key ?? ""
            let number = (result.definition?.number ?? result.entry?.number).map(String.init) ?? "-"
            var line =
                "  " + result.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + number + " "
                + DisplayText.escaped(key)
            if !result.reason.isEmpty { line += ": " + DisplayText.escaped(result.reason) }
            Console.print(line)
        }
    }
}
