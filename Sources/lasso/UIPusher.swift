import Foundation
import LassoClient
import LassoCore
import LassoTUI

/// Does the terminal UI's push effects: reads the server's state, plans, applies, and answers with the report's lines.
struct UIPusher {
    let settings: ProjectSettings
    let directory: ConfigDirectory
    let appKey: String?

    /// The action that reports the outcome of `effect` back to the UI.
    func perform(_ effect: AppState.Effect, plan previous: PushPlan?) async -> (Action, PushPlan?) {
        do {
            guard let server = settings.server else {
                throw LassoError(.usage, "no server: set \"server\" in lasso.json (and LASSO_TOKEN for writes)")
            }
            guard let appKey else { throw LassoError(.usage, "no app key: set \"appKey\" in lasso.json") }
            let token = ProcessInfo.processInfo.environment["LASSO_TOKEN"]
            let client = LassoClient(server: server, appKey: appKey, token: token)
            let local = try directory.load().filter { $0.config.appKey == appKey }
            switch effect {
            case .planPush:
                let plan = PushPlan.make(local: local, remote: try await client.state(), prune: false)
                var lines = PushReport(appKey: appKey, server: server, plan: plan, run: nil, dryRun: false).lines
                let canApply = !plan.isEmpty && !(token?.isEmpty ?? true)
                if !plan.isEmpty && !canApply {
                    lines.append("LASSO_TOKEN is not set: lasso can show the plan but not send it")
                }
                return (.pushFinished(lines: lines, canApply: canApply, failed: false), plan)
            case .applyPush:
                guard let plan = previous else {
                    return (.pushFinished(lines: ["no plan to send"], canApply: false, failed: true), nil)
                }
                let run = await PushRun.apply(plan, with: client)
                var lines = PushReport(appKey: appKey, server: server, plan: plan, run: run, dryRun: false).lines
                if let reason = run.stoppedBecause {
                    lines.append("stopped part way: \(reason); press P again to finish")
                }
                return (.pushFinished(lines: lines, canApply: false, failed: !run.succeeded), nil)
            }
        } catch {
            let message = (error as? LassoError)?.message ?? "\(error)"
            return (.pushFinished(lines: ["cannot push: " + message], canApply: false, failed: true), nil)
        }
    }
}
