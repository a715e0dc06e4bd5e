import LassoImport
import LassoSnapshot
import LassoTUI

/// Loads the whole snapshot file the UI opened on its first views, as `Screen` would have before opening it: read,
/// checked, named as `--app-key` and `--app-version` say; then its paths in the project's profile, its search index
/// and its views' places on the screen, side by side on the cores.
struct SnapshotFileFinisher: SnapshotFinisher {
    let path: String
    let format: SnapshotSourceFormat?
    let options: ImportOptions
    let rules: PathRules

    func finish() async throws -> WholeSnapshot {
        let (snapshot, _) = try SnapshotReader.read(path: path, format: format, options: options)
        async let texts = TextIndex(snapshot)
        async let geometry = ScreenGeometry(snapshot)
        let table = PathTable(snapshot, profile: rules)
        return WholeSnapshot(table, texts: await texts, geometry: await geometry)
    }
}
