import ArgumentParser
import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot

/// `lasso push`: makes the server's configs of an app match the configs folder, printing the plan and what was done.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Upload the configs folder to the config server (token from LASSO_TOKEN).",
        discussion: """
            Prints the plan (create, update, delete with --prune, unchanged) and applies it. Each write carries the \
            revision it was planned against (If-Match), so a config changed on the server in between is a conflict and is \
            not overwritten. Exit status: 0 all done; 3 a conflict; 74 the server could not be reached or refused (what \
            went through is listed; pushing again finishes the job).
            """)

    @OptionGroup var location: ConfigsOptions
    @OptionGroup var target: ServerOptions
    @Flag(name: .customLong("dry-run"), help: "Only print the plan.") var dryRun = false
    @Flag(help: "Also delete configs the server has and the folder does not.") var prune = false
    @Flag(help: "Let --prune delete more than half of the app's configs on the server, or all of them (else exit 3).")
    var yes = false
    @Flag(help: "Print the plan and results as JSON.") var json = false

    func run() async throws {
        let (project, directory) = try location.resolve()
        let server = try target.serverURL(project)
        let entries = try directory.loadExisting()
        let appKey = try target.appKey(project, directory: directory)
        let token = ProcessInfo.processInfo.environment["LASSO_TOKEN"]
        if !dryRun, token?.isEmpty ?? true {
            throw LassoError(.usage, "expected the server's write token in LASSO_TOKEN, found the variable unset")
        }
        // Two branches may each add a document that says what the other says (one key, one meaning) and merge with
        // no git conflict: the server would store both, so nothing is sent until the folder says it once.
        let doubled = FolderLint.doubled(in: directory.root, appKey: appKey)
        if let first = doubled.first {
            throw LassoError(
                .refused,
                "refused: \(doubled.count) problem\(doubled.count == 1 ? "" : "s") in \(directory.root) that the server would store as given, the first: \(first.file):\(first.line): \(first.rule.rawValue): \(first.message); nothing was sent (lasso lint lists them all)"
            )
        }
        let client = LassoClient(server: server, appKey: appKey, token: token)
        // Each kind of document, configs first: (the plan, how many the server has, how many the folder has).
        var plans: [(PushPlan, Int, Int)] = []
        for kind in DocumentKind.allCases {
            let documents =
                kind == .config
                ? entries.map(\.stored)
                : try ConfigsFolder(root: directory.root).load(kind)
            let local = documents.filter { $0.document.appKey == appKey }
            let remote = try await client.documents(kind)
            plans.append((PushPlan.make(local: local, remote: remote, prune: prune), remote.items.count, local.count))
        }
        let plan = PushPlan.joined(plans.map(\.0))
        for ((kindPlan, onServer, inFolder), kind) in zip(plans, DocumentKind.allCases) {
            let deletes = kindPlan.count(.delete)
            guard !dryRun, !yes, deletes * 2 > onServer else { continue }
            throw LassoError(
                .refused,
                "refused: --prune would delete \(deletes) of the \(onServer) \(kind.noun)s of \(appKey) on \(server): \(directory.root) holds \(inFolder) \(kind.noun)\(inFolder == 1 ? "" : "s") of \(appKey); check the folder and the app key, then add --yes to delete them (--dry-run shows the plan)"
            )
        }
        let run: PushRun? = dryRun || plan.isEmpty ? nil : await PushRun.apply(plan, with: client)
        let report = PushReport(appKey: appKey, server: server, plan: plan, run: run, dryRun: dryRun)
        if json { Console.json(report.json) } else { report.lines.forEach(Console.print) }
        guard let run else { return }
        if let reason = run.stoppedBecause {
            throw LassoError(
                .io,
                "push stopped part way: \(reason); \(run.count(.done)) went through, \(run.count(.notAttempted) + run.count(.unknown)) did not or may not have; run lasso push again to finish"
            )
        }
        if run.count(.conflict) > 0 {
            throw LassoError(
                .conflict,
                "\(run.count(.conflict)) config(s) or event definition(s) changed on the server since they were read and were not overwritten; pull, merge and push again"
            )
        }
        if run.count(.refused) > 0 {
            throw LassoError(
                .io, "the server refused \(run.count(.refused)) config(s) or event definition(s); see above")
        }
    }
}
