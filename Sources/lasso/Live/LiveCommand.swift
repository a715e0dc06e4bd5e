import ArgumentParser

/// `lasso live`: phones streaming their screens to `lasso serve` (docs/live.md).
struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract:
            "Pair a phone with the config server, and list and fetch the screens it streamed (open them with lasso open --live).",
        subcommands: [LivePairCommand.self, LiveListCommand.self, LiveGetCommand.self, LiveEndCommand.self])
}
