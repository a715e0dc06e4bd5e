import LassoDocuments
import LassoSnapshot

/// `JSONParser.parse` then `ProjectSettings.decode`, the way `lasso.json` is read, then what commands ask of the
/// settings: the configs folder (from the current folder and for messages) and the path profile in use.
enum SettingsTarget {
    static func run(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes, file: "fuzz/lasso.json"),
            let settings = try? ProjectSettings.decode(value, file: "fuzz/lasso.json")
        else { return }
        let folder = settings.configDirectory(override: nil)
        guard folder.root == settings.resolvedConfigsDir, !folder.root.isEmpty else {
            broken("the configs folder is \(folder.root.debugDescription), not the resolved configsDir", bytes)
        }
        let path = ViewPath([
            PathSegment(name: "HomeViewController", index: .position(0)),
            PathSegment(name: "ProductCell", index: .cell(section: 0, row: 2)),
        ])
        let written = settings.profile.notation.write(path)
        guard (try? PathNotation.parse(written)) == path else {
            broken("the settings' notation writes \(written.debugDescription), which does not read back", bytes)
        }
        _ = ViewId.make(path, hash: settings.profile.hash)
    }
}
