import ArgumentParser
import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot

/// `lasso live pair`: a pairing on the server, and the link (with its QR code) the phone opens to stream its screen.
struct LivePairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Pair a phone: print the link it opens (and its QR code) to stream its screen to the server.",
        discussion: """
            The phone opens the link (scan the code with its camera) and, after it asks, posts its screen every \
            second. Open what it streams with lasso open --live. The token: LASSO_TOKEN.
            """)

    @Option(help: "The phone's SDK: sensors (iOS) or sensors-android; growingio and mixpanel are not served yet.")
    var sdk: String
    @OptionGroup var target: LiveServerOptions
    @Option(help: "The Sensors project the app's server URL names (its ?project=).") var project = "default"
    @Option(help: "The app's URL scheme (Sensors: sa followed by the project's code, as the app registers it).")
    var scheme: String
    @Option(help: "How many hours the pairing lasts (1 to 168).") var hours = 8
    @Flag(help: "Print {\"link\": …} (with id, upload and expires) as JSON, without the QR code.") var json = false

    func run() async throws {
        let sdks = ["sensors", "sensors-android", "growingio", "mixpanel"]
        guard sdks.contains(sdk) else {
            throw LassoError(
                .usage, "--sdk: expected one of \(sdks.joined(separator: ", ")), found \"\(DisplayText.escaped(sdk))\"")
        }
        guard (1...168).contains(hours) else {
            throw LassoError(.usage, "--hours: expected a whole number from 1 to 168, found \(hours)")
        }
        let pairing = try await target.client().pair(sdk: sdk, project: project, scheme: scheme, hours: hours)
        if json {
            Console.json(pairing.json)
            return
        }
        Console.print("Open this link on the phone (scan the code), then tap Continue in the app:")
        Console.print("")
        if let code = QRCodeText(pairing.link) {
            for line in code.lines(colored: isatty(STDOUT_FILENO) != 0) { Console.print("  " + line) }
            Console.print("")
        }
        Console.print(pairing.link)
        Console.print("")
        Console.print(
            "pairing \(pairing.id), until \(pairing.expires); watch it with: lasso open --live --server \(target.server ?? "URL")"
        )
    }
}
