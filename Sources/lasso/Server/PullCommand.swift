import ArgumentParser
import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot

/// `lasso pull`: writes the server's documents of an app (configs, event definitions, hook configs) into the configs
/// folder, byte-identical to what was pushed.
struct PullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull", abstract: "Write the config server's configs of an app into the configs folder.",
        discussion:
            "Files that already hold the server's text are left untouched; --prune removes the app's files the server does not have. Event definitions and hook configs are pulled as configs are."
    )

    @OptionGroup var location: ConfigsOptions
    @OptionGroup var target: ServerOptions
    @Flag(help: "Remove local config files of the app that the server no longer has.") var prune = false
    @Flag(help: "Print what was written, kept and removed, per kind of document, as JSON.") var json = false

    /// What a pull did with one kind of document.
    struct Outcome {
        var kind: DocumentKind
        var onServer = 0
        var written: [String] = []
        var upToDate = 0
        /// Files of local documents the server does not have, removed by `--prune`.
        var removed: [String] = []
        /// Files whose document the server holds under another file name now, removed after the new one was written.
        var renamedFrom: [String] = []
        var localOnly: [String] = []
    }

    func run() async throws {
        let (project, directory) = try location.resolve()
        let server = try target.serverURL(project)
        let appKey = try target.appKey(project, directory: directory)
        let client = LassoClient(server: server, appKey: appKey, token: nil)
        // Every kind is read from the server before anything is written, so a refusal leaves the folder as it was.
        var remotes: [RemoteDocuments] = []
        for kind in DocumentKind.allCases {
            let remote = try await client.documents(kind)
            try Self.refuseIdsOfOtherApps(remote, appKey: appKey, server: server, root: directory.root)
            remotes.append(remote)
        }
        var outcomes: [Outcome] = []
        for remote in remotes {
            let outcome = try pull(remote, root: directory.root, appKey: appKey)
            outcomes.append(outcome)
            if !json { say(outcome, appKey: appKey, server: server) }
        }
        if json {
            var object = JSONObject()
            object["appKey"] = .string(appKey)
            object["server"] = .string(server)
            for outcome in outcomes {
                var counts = JSONObject()
                counts["onServer"] = .int(outcome.onServer)
                counts["written"] = .array(outcome.written.map(JSONValue.string))
                counts["upToDate"] = .int(outcome.upToDate)
                counts["removed"] = .array(outcome.removed.map(JSONValue.string))
                counts["renamedFrom"] = .array(outcome.renamedFrom.map(JSONValue.string))
                counts["localOnly"] = .array(outcome.localOnly.map(JSONValue.string))
                object[outcome.kind.plural] = .object(counts)
            }
            Console.json(.object(object))
        }
    }

    /// Writes the server's documents of one kind into the folder: files that hold the server's text untouched, a
    /// renamed one's old file removed, local-only ones kept unless `--prune`.
    func pull(_ remote: RemoteDocuments, root: String, appKey: String) throws -> Outcome {
        let folder = ConfigsFolder(root: root)
        let local = try folder.load(remote.kind).filter { $0.document.appKey == appKey }
        var outcome = Outcome(kind: remote.kind, onServer: remote.items.count)
        for item in remote.items.values.sorted(by: { $0.document.id < $1.document.id }) {
            let path = item.document.file(in: root)
            // FileBytes refuses a FIFO or device at once, where reading it as a String would wait forever.
            if let existing = try? FileBytes.read(path), existing.elementsEqual(item.text.utf8) {
                outcome.upToDate += 1
            } else {
                try AtomicFile.write(item.text, to: path, within: root)
                outcome.written.append(path)
                if !json { Console.print("wrote \(path)") }
            }
            for old in local where old.document.id == item.document.id && old.file != path {
                try folder.remove(old)
                outcome.renamedFrom.append(old.file)
                if !json { Console.print("removed \(old.file) (renamed to \(path))") }
            }
        }
        let only = local.filter { remote.items[$0.document.id] == nil }
        if prune {
            for entry in only {
                try folder.remove(entry)
                outcome.removed.append(entry.file)
                if !json { Console.print("removed \(entry.file) (not on the server)") }
            }
        } else {
            outcome.localOnly = only.map(\.file)
        }
        return outcome
    }

    /// The summary line of one kind: "pulled 3 config(s) of shop-ios from …: 1 written, 2 already up to date, 0 removed".
    func say(_ outcome: Outcome, appKey: String, server: String) {
        Console.print(
            "pulled \(outcome.onServer) \(outcome.kind.noun)(s) of \(appKey) from \(server): \(outcome.written.count) written, \(outcome.upToDate) already up to date, \(outcome.removed.count) removed"
                + (outcome.localOnly.isEmpty
                    ? "" : ", \(outcome.localOnly.count) local only (kept; --prune removes them)"))
    }

    /// Refuses, before anything is written, a server document whose id another app's document of that kind in the
    /// folder has: ids are unique across a configs folder, so writing it would leave a folder no command reads. (The
    /// server refuses one id in two apps; a store written before it did may still hold such a pair.)
    static func refuseIdsOfOtherApps(_ remote: RemoteDocuments, appKey: String, server: String, root: String) throws {
        let folder = try ConfigsFolder(root: root).load(remote.kind)
        for item in remote.items.values.sorted(by: { $0.document.id < $1.document.id }) {
            guard
                let other = folder.first(where: { $0.document.id == item.document.id && $0.document.appKey != appKey })
            else { continue }
            throw LassoError(
                .conflict,
                "\(remote.kind.noun) \(item.document.id) of \(appKey) on \(server): expected an id no other app's \(remote.kind.noun) in the folder has, found \(other.file) of app \(other.document.appKey) with that id; nothing was written (give one of the two a new id)"
            )
        }
    }
}
