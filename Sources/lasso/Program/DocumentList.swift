import LassoDocuments
import LassoSnapshot

/// What `config list`, `event list` and `hook list` share: the app and version filter, the missing folder's note,
/// a JSON array or one row a document, and the words when there is nothing to list.
struct DocumentList<Entry> {
    /// The documents' plural name in messages (`configs`, `event definitions`, `hook configs`).
    var noun: String
    var appKey: (Entry) -> String
    var versions: (Entry) -> VersionRanges
    /// The document as `--json` prints it, with its file.
    var json: (Entry) -> JSONValue
    /// The document's tab-separated row.
    var row: (Entry) -> [String]

    /// Prints the entries of `folder` that are of `app` (nil: any) and hold at `version` (nil: any).
    func print(_ entries: [Entry], folder: ConfigDirectory, app: String?, version: AppVersion?, asJSON: Bool) {
        if !folder.exists {
            Console.error("note: \(folder.root): no configs folder there, so no \(noun) to list")
        }
        let shown = entries.filter { entry in
            (app == nil || appKey(entry) == app) && (version.map { versions(entry).contains($0) } ?? true)
        }
        if asJSON {
            Console.json(.array(shown.map(json)))
        } else if shown.isEmpty {
            Console.print("no \(noun) in \(folder.root)")
        } else {
            for entry in shown { Console.row(row(entry)) }
        }
    }
}
