import ArgumentParser
import LassoClient
import LassoDocuments
import LassoSnapshot

/// `lasso reports`: which configs the SDKs report as failing, on which app versions.
struct ReportsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports", abstract: "Show the configs SDKs report as failing, per app version.")

    @OptionGroup var target: ServerOptions
    @Option(help: "The project settings file (default: the nearest lasso.json at or above this folder).") var settings:
        String?
    @Flag(help: "Print the reports as JSON.") var json = false

    func run() async throws {
        let project = try ProjectSettings.resolve(file: settings)
        let server = try target.serverURL(project)
        let appKey = try target.appKey(project, directory: nil)
        let value = try await LassoClient(server: server, appKey: appKey, token: nil).reports()
        if json {
            Console.json(value)
            return
        }
        let reports = value["reports"]?.arrayValue ?? []
        if reports.isEmpty {
            Console.print("no failure reports for \(appKey)")
            return
        }
        Console.print("config\tversion\tfailures\treports\tlast\tkey path")
        for report in reports {
            Console.row([
                report["configId"]?.stringValue ?? "", report["appVersion"]?.stringValue ?? "",
                report["count"]?.plainText ?? "", report["reports"]?.plainText ?? "",
                report["lastReceivedAt"]?.stringValue ?? "", report["keyPath"]?.stringValue ?? "",
            ])
        }
    }
}
