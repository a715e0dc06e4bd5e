import Foundation
import LassoDocuments
import LassoSnapshot

/// How `validate` and `check` show event definitions' verdicts: a line each (and what to add), or JSON.
enum EventCheckReport {
    static func json(_ result: EventCheck.Result) -> JSONValue {
        let definition = result.entry.definition
        var item = JSONObject()
        item["id"] = .string(definition.id)
        item["file"] = .string(result.entry.file)
        item["key"] = .string(definition.key)
        item["name"] = .string(definition.name)
        item["viewEvent"] = .string(definition.viewEvent)
        item["viewPath"] = .string(definition.viewPathText)
        item["status"] = .string(result.status.rawValue)
        if !result.reason.isEmpty { item["reason"] = .string(result.reason) }
        item["snapshot"] = result.snapshot.map { .string($0) } ?? .null
        item["matches"] = .int(result.matches)
        item["unfedKeys"] = .array(result.unfedKeys.map(JSONValue.string))
        item["configsToAdd"] = .array(result.configsToAdd.map(JSONValue.string))
        return .object(item)
    }

    /// A definition's verdict for the CI reporters, pointing at its path (no match) or its content (unfed).
    static func check(_ result: EventCheck.Result, group: String) -> ReportedCheck {
        let definition = result.entry.definition
        let field = result.status == .unfed ? "$.content" : "$.viewPath"
        return ReportedCheck(
            group: group, name: "event \(definition.shortID) \(definition.key)",
            verdict: result.isBroken ? .failure : .passed, rule: result.status.rawValue,
            message: result.reason.isEmpty ? result.status.rawValue : result.reason, file: result.entry.file,
            jsonPath: field)
    }

    static func printText(_ results: [EventCheck.Result], indent: String = "  ") {
        for result in results {
            let definition = result.entry.definition
            var line =
                indent + result.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + " event "
                + definition.shortID + " " + DisplayText.escaped(definition.key)
                + " (\(result.matches) view\(result.matches == 1 ? "" : "s"))"
            if !result.reason.isEmpty { line += ": " + DisplayText.escaped(result.reason) }
            Console.print(line)
            for add in result.configsToAdd { Console.print(indent + "          " + DisplayText.escaped(add)) }
        }
    }
}
