import LassoDocuments
import LassoSnapshot

/// The one app an export writes: `--app-key`, else `appKey` of lasso.json, else the only app the folder holds.
enum ExportedApp {
    /// `apps` are the app keys of the documents found; `noun` names them in the refusal ("configs", "hooks").
    static func resolve(given: String?, settings: ProjectSettings, apps: [String], noun: String) throws -> String {
        if let chosen = given ?? settings.appKey { return chosen }
        let distinct = Set(apps).sorted()
        guard distinct.count > 1 else { return distinct.first ?? "" }
        throw LassoError(
            .usage,
            "--app-key: the configs folder holds \(noun) of \(distinct.count) apps (\(distinct.joined(separator: ", "))); say which"
        )
    }
}
