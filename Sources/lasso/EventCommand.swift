import ArgumentParser

/// `lasso event`: the named event definitions: counting them over logs and writing them for a back end.
struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event", abstract: "Count named event definitions over event logs and export them for a back end.",
        subcommands: [EventCountCommand.self, EventExportCommand.self])
}
