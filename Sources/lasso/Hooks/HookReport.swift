import LassoDocuments
import LassoSnapshot

/// How `check` and `validate` show the hook configs' results as text.
enum HookReport {
    /// A hook config's verdict for the CI reporters, pointing at its class.
    static func check(_ result: HookCheck.Result, group: String) -> ReportedCheck {
        let config = result.entry.config
        return ReportedCheck(
            group: group, name: "hook \(config.shortID) \(config.className)",
            verdict: result.isBroken ? .failure : .passed,
            rule: result.isBroken ? "broken" : "ok",
            message: result.problems.isEmpty ? "ok" : result.problems.joined(separator: "; "), file: result.entry.file,
            jsonPath: "$.class")
    }

    static func printText(_ hooks: HookCheck, closings: [HookCheck.Closing], indent: String = "") {
        guard !hooks.results.isEmpty else { return }
        let count = hooks.results.count
        Console.print(indent + "hook configs: \(count)")
        for result in hooks.results {
            let config = result.entry.config
            Console.print(
                indent + (result.isBroken ? "broken    " : "ok        ") + config.shortID + "  "
                    + Console.cell(config.className) + "  " + Console.cell(config.selectors.joined(separator: " ")))
            for problem in result.problems { Console.print(indent + "          " + DisplayText.escaped(problem)) }
        }
        for closing in closings {
            if let written = closing.written {
                Console.print(
                    indent
                        + "closed hook \(closing.entry.config.shortID): versions now \(closing.versions!) (\(written))")
            } else if let problem = closing.problem {
                Console.print(indent + "not closed hook \(closing.entry.config.shortID): \(problem)")
            }
        }
        let broken = hooks.broken.count
        Console.print(
            indent
                + (broken > 0
                    ? "\(broken) of \(count) hook config\(count == 1 ? "" : "s") broken"
                    : count == 1 ? "the hook config is ok" : "all \(count) hook configs ok"))
    }
}
