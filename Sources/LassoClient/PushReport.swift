import Foundation
import LassoDocuments
import LassoSnapshot

/// The text and JSON that `lasso push` prints: the plan, and per config what happened.
public struct PushReport: Sendable {
    public var appKey: String
    public var server: String
    public var plan: PushPlan
    public var run: PushRun?
    public var dryRun: Bool
    /// How the report says the configs only the server has can be deleted there (the flag, or the UI's key).
    public var pruneWords: String

    public init(
        appKey: String, server: String, plan: PushPlan, run: PushRun?, dryRun: Bool,
        pruneWords: String = "--prune deletes them"
    ) {
        self.appKey = appKey
        self.server = server
        self.plan = plan
        self.run = run
        self.dryRun = dryRun
        self.pruneWords = pruneWords
    }

    private func result(of step: PushPlan.Step) -> PushRun.Outcome? {
        run?.outcomes.first { $0.step.id == step.id && $0.step.kind == step.kind }
    }

    public var lines: [String] {
        let summary = [PushPlan.Action.create, .update, .delete, .unchanged].map { "\(plan.count($0)) \($0.rawValue)" }
            .joined(separator: ", ")
        var lines = [
            "plan for \(appKey) on \(server): \(summary)"
                + (plan.serverOnly.isEmpty
                    ? "" : ", \(plan.serverOnly.count) only on the server (kept; \(pruneWords))")
        ]
        // A row a step: its key name, file and the server's message are cells, escaped whole (a line feed in a
        // server's message never starts a row of its own).
        for step in plan.steps {
            var line =
                "  " + step.action.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                + DisplayText.escaped(step.keyName) + "-" + DisplayText.escaped(String(step.id.prefix(8)))
            if let file = step.file { line += "  " + DisplayText.escaped(file) }
            if step.kind != .config { line += "  (\(step.kind.noun))" }
            if let outcome = result(of: step), outcome.result != .unchanged {
                line +=
                    "  → " + outcome.result.rawValue + (outcome.message.map { ": " + DisplayText.escaped($0) } ?? "")
            }
            lines.append(line)
        }
        if dryRun {
            lines.append("dry run: nothing sent")
        } else if plan.isEmpty && plan.serverOnly.isEmpty {
            lines.append("nothing to do: the server matches the folder")
        } else if plan.isEmpty {
            lines.append(
                "nothing to send: the server has everything in the folder (configs, named events, hook configs)")
        } else if let run {
            lines.append(
                "done: \(run.count(.done)) sent, \(run.count(.conflict)) conflict, \(run.count(.refused)) refused, \(run.count(.notAttempted)) not attempted, \(run.count(.unknown)) unknown"
            )
        }
        return lines
    }

    public var json: JSONValue {
        func steps(_ kind: DocumentKind) -> JSONValue {
            .array(
                plan.steps.filter { $0.kind == kind }.map { step in
                    var object = JSONObject([
                        "id": .string(step.id), kind == .config ? "keyName" : "key": .string(step.keyName),
                        "action": .string(step.action.rawValue),
                    ])
                    if let file = step.file { object["file"] = .string(file) }
                    if let outcome = result(of: step) {
                        object["result"] = .string(outcome.result.rawValue)
                        if let message = outcome.message { object["message"] = .string(message) }
                    }
                    return .object(object)
                })
        }
        var object = JSONObject([
            "appKey": .string(appKey), "server": .string(server), "dryRun": .bool(dryRun),
        ])
        for kind in DocumentKind.allCases { object[kind.plural] = steps(kind) }
        object["serverOnly"] = .array(plan.serverOnly.map { .string($0) })
        if let reason = run?.stoppedBecause { object["stoppedBecause"] = .string(reason) }
        return .object(object)
    }
}
