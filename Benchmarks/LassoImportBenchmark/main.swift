import Foundation
import LassoDocuments
import LassoImport

/// Times reading one snapshot file as every command does (recognize the format, import a foreign dump, load),
/// or writes what `lasso import` would write, so that a digest of it can be compared before and after a change.
///
/// Usage: LassoImportBenchmark read FILE | LassoImportBenchmark import FILE OUT
/// A file that is refused prints its message on standard error and exits 2.
func main() -> Int32 {
    let arguments = CommandLine.arguments
    guard arguments.count >= 3, arguments[1] == "read" || arguments[1] == "import" && arguments.count == 4 else {
        FileHandle.standardError.write(Data("usage: LassoImportBenchmark read FILE | import FILE OUT\n".utf8))
        return 64
    }
    let file = arguments[2]
    let clock = ContinuousClock()
    let started = clock.now
    do {
        if arguments[1] == "read" {
            let (snapshot, notes) = try SnapshotReader.read(path: file)
            let elapsed = clock.now - started
            print("read \(file): \(snapshot.count) views, \(notes.count) notes in \(seconds(elapsed)) s")
        } else {
            let imported = try SnapshotReader.importText(path: file)
            try AtomicFile.write(imported.utf8, to: arguments[3])
            let elapsed = clock.now - started
            print("import \(file): \(imported.notes.count) notes in \(seconds(elapsed)) s")
        }
        return 0
    } catch {
        let elapsed = clock.now - started
        FileHandle.standardError.write(Data("refused in \(seconds(elapsed)) s: \(error)\n".utf8))
        return 2
    }
}

func seconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return String(format: "%.3f", value)
}

exit(main())
