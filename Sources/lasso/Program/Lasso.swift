import ArgumentParser

/// The root command: lists the subcommands for developers and CI.
struct Lasso: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lasso",
        abstract: "Circle views on app screen snapshots and write the KVC configs that analytics SDKs download.",
        discussion: """
            Exit status: 0 done; 1 something was found wrong (a broken config, nothing matched); 3 not saved \
            (a conflict, or a refusal that --force overrides); 64 bad usage; 65 an input file is not valid; \
            66 an input file is missing; 73 a file could not be written; 74 an I/O error.
            """,
        version: BuildInfo.line,
        subcommands: [
            OpenCommand.self, TreeCommand.self, PathCommand.self, InspectCommand.self, MatchCommand.self,
            StatsCommand.self,
            ConfigCommand.self, HookCommand.self, EventCommand.self, ValidateCommand.self, CheckCommand.self,
            LintCommand.self,
            ImportCommand.self, ConformanceCommand.self,
            ServeCommand.self, PushCommand.self, PullCommand.self, ReportsCommand.self, LiveCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )
}
