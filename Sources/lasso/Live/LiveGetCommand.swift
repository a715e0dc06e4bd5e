import ArgumentParser
import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot

/// `lasso live get`: a streamed screen as a lasso snapshot file.
struct LiveGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Write a streamed screen as a lasso snapshot (with its screenshot).")

    @Argument(help: "The screen's id (lasso live list).") var id: Int64
    @OptionGroup var target: LiveServerOptions
    @Option(name: .shortAndLong, help: "The snapshot file to write.") var output: String

    func run() async throws {
        guard id >= 1 else { throw LassoError(.usage, "ID: expected a screen id from 1, found \(id)") }
        try LiveSnapshotFile.refuseForeign(output)
        let text = try await target.client().snapshot(id: id)
        try LiveSnapshotFile.write(text, to: output)
        Console.print("lasso: wrote screen \(id) to \(DisplayText.escaped(output)); open it with: lasso open \(output)")
    }
}

/// Where a streamed screen is written: never over a file that is not a lasso snapshot, never half.
enum LiveSnapshotFile {
    /// Refuses to replace a file that is there and is not a lasso snapshot (a dump, a config, a picture).
    static func refuseForeign(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let head = (try? FileBytes.head(path, count: 4096)) ?? []
        guard String(decoding: head, as: UTF8.self).contains("lasso.snapshot/1") else {
            throw LassoError(
                .conflict,
                "-o \(DisplayText.escaped(path)): expected a new file or a lasso snapshot to replace, found another file there; name another file"
            )
        }
    }

    /// Writes the snapshot text after checking that it is one.
    static func write(_ text: String, to path: String) throws {
        let bytes = Array(text.utf8)
        do { _ = try SnapshotLoader.load(bytes: bytes, file: path) } catch {
            throw LassoError(.io, "the server's answer is not a lasso snapshot: \(error)")
        }
        try AtomicFile.write(bytes, to: path)
    }
}
