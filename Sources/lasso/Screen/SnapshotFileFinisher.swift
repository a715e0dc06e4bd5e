import LassoImport
import LassoSnapshot
import LassoTUI

/// Loads the whole snapshot file the UI opened on its first views, as `Screen` would have before opening it: read,
/// checked, named as `--app-key` and `--app-version` say, its paths in the project's profile, and its search index.
struct SnapshotFileFinisher: SnapshotFinisher {
    let path: String
    let format: SnapshotSourceFormat?
    let options: ImportOptions
    let rules: PathRules

    func finish() async throws -> WholeSnapshot {
        let (snapshot, _) = try SnapshotReader.read(path: path, format: format, options: options)
        return WholeSnapshot(PathTable(snapshot, profile: rules), texts: TextIndex(snapshot))
    }
}
