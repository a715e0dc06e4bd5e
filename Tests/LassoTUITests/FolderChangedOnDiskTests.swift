import Foundation
import LassoDocuments
import Testing

@testable import LassoTUI

/// A team pulls with git while lasso is open: the UI never overwrites, deletes or undoes over a config file that
/// changed on disk since it read the folder without asking, and reads the folder again when it changes.
@Suite("The configs folder changes under the UI")
struct FolderChangedOnDiskTests {
    static func file(in folder: String) throws -> String {
        let files = UndoAndNotesTests.files(folder)
        return folder + "/" + (try #require(files.first))
    }

    /// The question over the screen about a file changed on disk; fails the test when none is asked.
    static func question(_ state: AppState) throws -> ChangedOnDisk {
        guard case .confirmOverwrite(let changed) = state.overlay else {
            throw QuestionMissing(status: state.status)
        }
        return changed
    }

    struct QuestionMissing: Error, CustomStringConvertible {
        var status: String
        var description: String { "no question about the file was asked; the status line says: \(status)" }
    }

    /// A saved config edited in the UI (its key name changed to "pid"), on a real folder.
    static func editedOne() throws -> (AppState, String) {
        var (state, folder) = try UndoAndNotesTests.savedOne()
        state.type(.char("L"), .char("e"), .down, .ctrl("u"))
        state.typeText("pid")
        state.type(.enter)
        return (state, folder)
    }

    /// The file's text with its key name changed, as another person's commit would change it.
    static func editOutside(_ path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"keyName\"", with: "\"note\": \"from git\",\n  \"keyName\"").write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("undo of a save whose file changed on disk asks; no keeps the outside edit, yes deletes it")
    func undoSaveOverOutsideEdit() throws {
        var (state, folder) = try UndoAndNotesTests.savedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder)
        try Self.editOutside(path)
        state.type(.char("u"))
        let changed = try Self.question(state)
        #expect(changed.how == .changed)
        #expect(
            QuestionPane.words(state)?.text.hasSuffix(
                "changed on disk since lasso read it (a git pull? an editor?). Delete it anyway?") == true)
        state.type(.char("n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("from git"))
        #expect(state.status.hasPrefix("kept \(path) as it is on disk"))
        #expect(state.configs.first?.config.note == "from git")
        // Undo still expects what lasso wrote: asked again, and yes deletes the file.
        state.type(.char("u"))
        _ = try Self.question(state)
        state.type(.char("y"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(state.status.hasPrefix("undone:"))
    }

    @Test("undo still asks after the UI read the changed folder again: it expects what lasso wrote, not what it read")
    func undoAfterTheFolderWasReadAgain() throws {
        var (state, folder) = try UndoAndNotesTests.savedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder)
        try Self.editOutside(path)
        state.run([.load(.config)])
        #expect(state.configs.first?.config.note == "from git")
        state.type(.char("u"))
        _ = try Self.question(state)
        state.type(.char("n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("from git"))
    }

    @Test("an edit form opened before its file was deleted on disk asks, even after the folder was read again")
    func editFormOverAFileDeletedAndReread() throws {
        var (state, folder) = try UndoAndNotesTests.savedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder)
        state.type(.char("L"), .char("e"))
        try FileManager.default.removeItem(atPath: path)
        state.run([.load(.config)])
        state.type(.enter)
        let changed = try Self.question(state)
        #expect(changed.how == .deleted)
        state.type(.char("y"))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("undo of an edit over an outside change asks; no leaves the file as the other person wrote it")
    func undoEditOverOutsideEdit() throws {
        var (state, folder) = try Self.editedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder)
        #expect(path.contains("/pid-"))
        try Self.editOutside(path)
        state.type(.char("u"))
        _ = try Self.question(state)
        #expect(QuestionPane.words(state)?.text.hasSuffix("Write lasso's version over it?") == true)
        state.type(.char("n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("from git"))
        #expect(state.undoing == false)
    }

    @Test("a config deleted on disk while its list is open is not written back by an edit without a question")
    func editOfAFileDeletedOnDisk() throws {
        var (state, folder) = try UndoAndNotesTests.savedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder)
        state.type(.char("L"))
        try FileManager.default.removeItem(atPath: path)
        state.type(.char("e"), .enter)
        let changed = try Self.question(state)
        #expect(changed.how == .deleted)
        #expect(
            QuestionPane.words(state)?.text.hasSuffix("was deleted on disk since lasso read it. Write it back?") == true
        )
        state.type(.char("n"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(state.configs.isEmpty)
        // Yes writes it back: the same edit again, answered yes.
        state.type(.char("u"))
        #expect(UndoAndNotesTests.files(folder).isEmpty)
    }

    @Test("yes to the question goes ahead: the UI's version is written over the outside edit")
    func yesWritesOver() throws {
        var (state, folder) = try Self.editedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder)
        try Self.editOutside(path)
        state.type(.char("u"), .char("y"))
        let files = UndoAndNotesTests.files(folder)
        #expect(files.count == 1)
        #expect(!(try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8)).contains("from git"))
        #expect(state.status.contains("as it was"))
    }

    @Test("temporary files of a killed write are cleared when the folder is read; a running writer's are kept")
    func leftoverTemporaryFiles() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/shop-ios", withIntermediateDirectories: true)
        // A process id that no process has (above the kernel's pid_max), and this process's own.
        let dead = folder + "/shop-ios/.productId-1234abcd.json.tmp-99999999-12345"
        let alive = folder + "/shop-ios/.productId-1234abcd.json.tmp-\(getppid())-777"
        let other = folder + "/shop-ios/.notes.tmp-x"
        for path in [dead, alive, other] { try "{".write(toFile: path, atomically: false, encoding: .utf8) }
        let listing = ConfigDirectory(root: folder).listing()
        #expect(listing.problems.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: alive))
        #expect(FileManager.default.fileExists(atPath: other))
    }

    @Test("the UI loop reads the folder again when a file appears in it")
    @MainActor
    func loopNoticesTheFolder() async throws {
        let (saved, folder) = try UndoAndNotesTests.savedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let first = try #require(saved.configs.first?.config)
        // The same config as another app's folder would hold it after a pull: a second file, another id.
        let copy = text.replacingOccurrences(of: first.id, with: "0badc0de-0000-4000-8000-000000000001")
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        #expect(state.configs.count == 1)
        let screen = ScriptedScreen([])
        let wait = ScriptLine(event: nil)
        screen.load(
            [
                ScriptLine(event: nil) {
                    try? copy.write(toFile: path + ".pulled.json", atomically: true, encoding: .utf8)
                }
            ]
                + Array(repeating: wait, count: 250))
        let runner = EffectRunner(documents: ConfigsFolder(root: folder), push: NoPushService())
        state = await UILoop(screen: screen, runner: runner).run(state)
        #expect(state.configs.count == 2)
    }
}
