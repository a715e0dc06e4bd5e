import ArgumentParser
import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot

/// The server a live command talks to, and its admin token (`LASSO_TOKEN`, else the user's token store).
struct LiveServerOptions: ParsableArguments {
    @Option(help: "The lasso server's URL, as the phone reaches it (default: server of lasso.json).") var server:
        String?

    /// The client, refusing a missing or non-HTTP server.
    func client() throws -> LiveClient {
        let settings = try? ProjectSettings.resolve(file: nil)
        guard let url = server ?? settings?.server else {
            throw LassoError(.usage, "expected the server's URL (--server or \"server\" in lasso.json), found neither")
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw LassoError(
                .usage, "--server: expected an http:// or https:// URL, found \"\(DisplayText.escaped(url))\"")
        }
        let environment = ProcessInfo.processInfo.environment["LASSO_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return LiveClient(server: url, token: environment ?? TokenStore.user()?.token(for: url))
    }
}
