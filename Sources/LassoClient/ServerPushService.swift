import Foundation
import LassoDocuments
import LassoSnapshot

/// Pushes the configs folder, every kind of document in it, to the config server of `lasso.json` for the UI: the
/// plan first, then that plan sent (the plan itself is kept in the UI's state, not here).
public struct ServerPushService: Sendable {
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
    public init(
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

    public func plan(appKey: String?, prune: Bool) async throws -> PushReply {
        let (client, server, appKey) = try connection(appKey)
        // Every kind of document, each planned against the server's documents of that kind, in kind order.
        var plans: [PushPlan] = []
        var remotes: [DocumentKind: RemoteDocuments] = [:]
        for kind in DocumentKind.allCases {
            let local = try ConfigsFolder(root: directory.root).load(kind).filter { $0.document.appKey == appKey }
            let remote: RemoteDocuments
            do {
                remote = try await client.documents(kind)
            } catch let error as LassoError where error.kind == .io {
                throw LassoError(
                    .io,
                    "the server at \(server) is not answering; is `lasso serve` running there? (\(error.message))")
            }
            remotes[kind] = remote
            plans.append(PushPlan.make(local: local, remote: remote, prune: prune))
        }
        let plan = PushPlan.joined(plans)
        var lines = PushReport(
            appKey: appKey, server: server, plan: plan, run: nil, dryRun: false,
            pruneWords: "\(pruneKey) deletes them there, after a question"
        ).lines
        let canSend = !plan.isEmpty && !(token(for: server)?.isEmpty ?? true)
        if !plan.isEmpty {
            lines.append(DocumentCounts.toSend(plan).words + " to send")
        }
        if !plan.isEmpty && !canSend {
            lines.append(
                "no write token (LASSO_TOKEN, or one given here): lasso can show the plan but not send it; Esc, then \(sendKey) asks for it"
            )
        }
        var serverOnly = DocumentCounts()
        var names: [String] = []
        for (kind, kindPlan) in zip(DocumentKind.allCases, plans) where !kindPlan.serverOnly.isEmpty {
            serverOnly.counts[kind] = kindPlan.serverOnly.count
            names += kindPlan.serverOnly.map { id in
                remotes[kind]?.items[id].map { Self.name(of: $0.document) } ?? id
            }
        }
        if serverOnly.total > 0 {
            lines.append(
                "\(serverOnly.words) \(serverOnly.verb) only on the server (deleted here, or made elsewhere): \(pruneKey) deletes \(serverOnly.total == 1 ? "it" : "them") there too, after a question"
            )
        }
        return PushReply(
            lines: lines, plan: canSend ? plan : nil, serverOnly: serverOnly.total, serverOnlyNames: names)
    }

    /// How the prune question names a document only the server has: a config by its key name, event and short id,
    /// any other kind by its name in its file name, kind and short id.
    static func name(of document: Document) -> String {
        if case .config(let config) = document { return "\(config.keyName) (\(config.viewEvent), \(config.shortID))" }
        return "\(document.label) (\(document.kind.noun), \(document.id.prefix(8)))"
    }

    public func send(_ plan: PushPlan, appKey: String?) async throws -> PushReply {
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
            throw LassoError(.usage, "no server: set \"server\" in lasso.json (and LASSO_TOKEN for writes)")
        }
        guard let appKey else { throw LassoError(.usage, "no app key: set \"appKey\" in lasso.json") }
        return (LassoClient(server: server, appKey: appKey, token: token(for: server)), server, appKey)
    }

}
