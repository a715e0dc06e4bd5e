import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// Which server and app a client command talks to: `--server` and `--app-key`, else `lasso.json`.
struct ServerOptions: ParsableArguments {
    @Option(help: "The config server's URL (default: server of lasso.json).") var server: String?
    @Option(
        name: .customLong("app-key"),
        help: "The app key (default: appKey of lasso.json, else the only app in the configs folder).",
        completion: Completions.appKeys, transform: AppKeyText.normalized)
    var appKey: String?

    /// The server URL, refusing a missing or non-HTTP one.
    func serverURL(_ project: ProjectSettings) throws -> String {
        guard let url = server ?? project.server else {
            throw LassoError(.usage, "expected a server URL (--server or \"server\" in lasso.json), found neither")
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw LassoError(.usage, "--server: expected an http:// or https:// URL, found \"\(url)\"")
        }
        return url
    }

    /// The app key; with none given, the only app folder in `directory`.
    func appKey(_ project: ProjectSettings, directory: ConfigDirectory?) throws -> String {
        if let key = appKey ?? project.appKey {
            guard SafeName.isSafe(key) else {
                throw LassoError(
                    .usage, "--app-key: expected a name without '/' or control characters, found \"\(key)\"")
            }
            return key
        }
        let apps =
            directory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.root) }?.filter {
                !$0.hasPrefix(".")
            }.sorted() ?? []
        guard apps.count == 1 else {
            let found = apps.isEmpty ? "no app folder" : "\(apps.count) app folders (\(apps.joined(separator: ", ")))"
            throw LassoError(
                .usage,
                "expected an app key (--app-key or \"appKey\" in lasso.json), found none, and \(found) in the configs folder"
            )
        }
        return AppKeyText.normalized(apps[0])
    }
}
