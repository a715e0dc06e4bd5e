import Foundation
import LassoClient
import LassoCore
import LassoTUI

/// Pushes the configs folder to the config server of `lasso.json` for the UI: the plan first, then that plan sent
/// (the plan itself is kept in the UI's state, not here).
struct ServerPushService: PushService {
    private let givenServer: String?
    private let givenToken: String?
    /// The settings file the UI writes a server given in it to, read again on each push.
    private let settingsFile: String
    /// Where a token given in the UI is kept.
    private let tokens: TokenStore?
    private let directory: ConfigDirectory
    private let sendKey: String
    private let pruneKey: String

    /// `sendKey` and `pruneKey` are how the UI names the keys that send again and that delete what only the server
    /// has, for the lines that point at them.
    init(
        server: String?, token: String?, settingsFile: String, tokens: TokenStore?, directory: ConfigDirectory,
        sendKey: String, pruneKey: String
    ) {
        self.pruneKey = pruneKey
        givenServer = server
        givenToken = token
        self.settingsFile = settingsFile
        self.tokens = tokens
        self.directory = directory
        self.sendKey = sendKey
    }

    func plan(appKey: String?, prune: Bool) async throws -> PushReply {
        let (client, server, appKey) = try connection(appKey)
        let local = try directory.load().filter { $0.config.appKey == appKey }
        let remote: RemoteState
        do {
            remote = try await client.state()
        } catch let error as LassoError where error.kind == .io {
            throw EffectFailure(
                "the server at \(server) is not answering; is `lasso serve` running there? (\(error.message))")
        }
        let plan = PushPlan.make(local: local, remote: remote, prune: prune)
        var lines = PushReport(
            appKey: appKey, server: server, plan: plan, run: nil, dryRun: false,
            pruneWords: "\(pruneKey) deletes them there, after a question"
        ).lines
        let canSend = !plan.isEmpty && !(token(for: server)?.isEmpty ?? true)
        if !plan.isEmpty && !canSend {
            lines.append(
                "no write token (LASSO_TOKEN, or one given here): lasso can show the plan but not send it; Esc, then \(sendKey) asks for it"
            )
        }
        if !plan.serverOnly.isEmpty {
            lines.append(
                "\(plan.serverOnly.count) config\(plan.serverOnly.count == 1 ? " is" : "s are") only on the server (deleted here, or made elsewhere): \(pruneKey) deletes \(plan.serverOnly.count == 1 ? "it" : "them") there too, after a question"
            )
        }
        let names = plan.serverOnly.map { id in
            remote.items[id].map { "\($0.config.keyName) (\($0.config.viewEvent), \($0.config.shortID))" } ?? id
        }
        return PushReply(
            lines: lines, plan: canSend ? plan : nil, serverOnly: plan.serverOnly.count, serverOnlyNames: names)
    }

    func send(_ plan: PushPlan, appKey: String?) async throws -> PushReply {
        let (client, server, appKey) = try connection(appKey)
        let run = await PushRun.apply(plan, with: client)
        var lines = PushReport(
            appKey: appKey, server: server, plan: plan, run: run, dryRun: false,
            pruneWords: "\(pruneKey) deletes them there, after a question"
        ).lines
        if let reason = run.stoppedBecause {
            lines.append("stopped part way: \(reason); press \(sendKey) again to finish")
        }
        return PushReply(lines: lines, failed: !run.succeeded)
    }

    /// The server: the one lasso.json named at the start, else the one written to it since (the push panel asks).
    private var server: String? {
        givenServer ?? (try? ProjectSettings.load(settingsFile))?.server
    }

    /// The write token: `LASSO_TOKEN`, else the one the user's token store keeps for `server`.
    private func token(for server: String) -> String? {
        givenToken ?? tokens?.token(for: server)
    }

    private func connection(_ appKey: String?) throws -> (LassoClient, String, String) {
        guard let server else {
            throw EffectFailure("no server: set \"server\" in lasso.json (and LASSO_TOKEN for writes)")
        }
        guard let appKey else { throw EffectFailure("no app key: set \"appKey\" in lasso.json") }
        return (LassoClient(server: server, appKey: appKey, token: token(for: server)), server, appKey)
    }

}
