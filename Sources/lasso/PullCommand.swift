import ArgumentParser
import Foundation
import LassoClient
import LassoCore

/// `lasso pull`: writes the server's configs of an app into the configs folder, byte-identical to what was pushed.
struct PullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull", abstract: "Write the config server's configs of an app into the configs folder.",
        discussion:
            "Files that already hold the server's text are left untouched; --prune removes the app's files the server does not have."
    )

    @OptionGroup var location: ConfigsOptions
    @OptionGroup var target: ServerOptions
    @Flag(help: "Remove local config files of the app that the server no longer has.") var prune = false

    func run() async throws {
        let (project, directory) = try location.resolve()
        let server = try target.serverURL(project)
        let appKey = try target.appKey(project, directory: directory)
        let remote = try await LassoClient(server: server, appKey: appKey, token: nil).state()
        // Pull writes the folder: one that does not exist yet is made.
        let all = try directory.load()
        let local = all.filter { $0.config.appKey == appKey }
        try Self.refuseIdsOfOtherApps(remote, appKey: appKey, server: server, folder: all)
        var written = 0
        var same = 0
        var removed = 0
        for item in remote.items.values.sorted(by: { $0.config.id < $1.config.id }) {
            let path = directory.file(for: item.config)
            // FileBytes refuses a FIFO or device at once, where reading it as a String would wait forever.
            if let existing = try? FileBytes.read(path), existing.elementsEqual(item.text.utf8) {
                same += 1
            } else {
                try AtomicFile.write(item.text, to: path)
                written += 1
                Console.print("wrote \(path)")
            }
            for old in local where old.config.id == item.config.id && old.file != path {
                try directory.remove(old)
                Console.print("removed \(old.file) (renamed to \(path))")
            }
        }
        for entry in local where remote.items[entry.config.id] == nil {
            if prune {
                try directory.remove(entry)
                removed += 1
                Console.print("removed \(entry.file) (not on the server)")
            }
        }
        let kept = prune ? 0 : local.filter { remote.items[$0.config.id] == nil }.count
        Console.print(
            "pulled \(remote.items.count) config(s) of \(appKey) from \(server): \(written) written, \(same) already up to date, \(removed) removed"
                + (kept > 0 ? ", \(kept) local only (kept; --prune removes them)" : ""))
        let client = LassoClient(server: server, appKey: appKey, token: nil)
        for kind in DocumentKind.allCases where kind != .config {
            try pull(try await client.documents(kind), root: directory.root, appKey: appKey, server: server)
        }
    }

    /// Writes the server's documents of one kind (event definitions) into the folder as the configs are: files that
    /// hold the server's text untouched, a renamed one's old file removed, local-only ones kept unless `--prune`.
    func pull(_ remote: RemoteDocuments, root: String, appKey: String, server: String) throws {
        let local = try Document.load(remote.kind, root: root).filter { $0.document.appKey == appKey }
        var written = 0
        var same = 0
        var removed = 0
        for item in remote.items.values.sorted(by: { $0.document.id < $1.document.id }) {
            let path = item.document.file(in: root)
            if let existing = try? FileBytes.read(path), existing.elementsEqual(item.text.utf8) {
                same += 1
            } else {
                try AtomicFile.write(item.text, to: path)
                written += 1
                Console.print("wrote \(path)")
            }
            for old in local where old.document.id == item.document.id && old.file != path {
                try Self.remove(old.file)
                Console.print("removed \(old.file) (renamed to \(path))")
            }
        }
        let only = local.filter { remote.items[$0.document.id] == nil }
        if prune {
            for old in only {
                try Self.remove(old.file)
                removed += 1
                Console.print("removed \(old.file) (not on the server)")
            }
        }
        Console.print(
            "pulled \(remote.items.count) \(remote.kind.noun)(s) of \(appKey) from \(server): \(written) written, \(same) already up to date, \(removed) removed"
                + (!prune && !only.isEmpty ? ", \(only.count) local only (kept; --prune removes them)" : ""))
    }

    static func remove(_ file: String) throws {
        guard unlink(file) == 0 else {
            throw LassoError(.cannotWrite, "\(file): cannot delete: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// Refuses, before anything is written, a server config whose id another app's config in the folder has: ids are
    /// unique across a configs folder, so writing it would leave a folder no command reads. (The server refuses one
    /// id in two apps; a store written before it did may still hold such a pair.)
    static func refuseIdsOfOtherApps(
        _ remote: RemoteState, appKey: String, server: String, folder: [ConfigDirectory.Entry]
    ) throws {
        for item in remote.items.values.sorted(by: { $0.config.id < $1.config.id }) {
            guard let other = folder.first(where: { $0.config.id == item.config.id && $0.config.appKey != appKey })
            else { continue }
            throw LassoError(
                .conflict,
                "config \(item.config.id) of \(appKey) on \(server): expected an id no other app's config in the folder has, found \(other.file) of app \(other.config.appKey) with that id; nothing was written (give one of the two a new id)"
            )
        }
    }
}
