import ArgumentParser
import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot

/// `lasso live list`: the screens phones streamed, newest first.
struct LiveListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the screens phones streamed to the server, newest first.")

    @OptionGroup var target: LiveServerOptions
    @Option(help: "Only the screens of this app.") var app: String?
    @Option(help: "At most this many (1 to 1000).") var limit = 50
    @Flag(help: "Print the screens as JSON: id, app, version, screen, sdk, time.") var json = false

    func run() async throws {
        guard (1...1000).contains(limit) else {
            throw LassoError(.usage, "--limit: expected a whole number from 1 to 1000, found \(limit)")
        }
        let screens = try await target.client().screens(app: app, limit: limit)
        if json {
            Console.json(.array(screens.map(\.json)))
            return
        }
        if screens.isEmpty {
            Console.print(
                app.map { "no screens of \(DisplayText.escaped($0)) (lasso live list without --app shows every app's)" }
                    ?? "no screens yet: pair a phone with lasso live pair, and open the link on it")
            return
        }
        Console.print("id\ttime\tapp\tversion\tsdk\tpairing\tscreen")
        for screen in screens {
            Console.print(
                [
                    String(screen.id), screen.time, screen.app, screen.version ?? "-", screen.sdk, screen.pairing,
                    screen.screen,
                ].map(
                    DisplayText.escaped
                ).joined(separator: "\t"))
        }
    }
}
