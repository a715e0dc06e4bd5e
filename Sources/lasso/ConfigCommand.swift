import ArgumentParser
import Foundation
import LassoCore

/// `lasso config`: add, list, show, edit and remove the KVC configs of the configs directory.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Add, list, show, edit and remove KVC configs.",
        subcommands: [
            ConfigAddCommand.self, ConfigListCommand.self, ConfigShowCommand.self, ConfigEditCommand.self,
            ConfigRemoveCommand.self,
        ])
}

/// Where the configs are: `--configs DIR`, else `lasso.json`'s folder, else `./kvc-configs`.
struct ConfigsOptions: ParsableArguments {
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @Option(help: "The project settings file (default: the nearest lasso.json at or above this folder).") var settings:
        String?

    func resolve() throws -> (ProjectSettings, ConfigDirectory) {
        let project = try ProjectSettings.resolve(file: settings)
        return (project, project.configDirectory(override: configs))
    }
}

struct ConfigListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the configs, optionally of one app or one version.")

    @OptionGroup var location: ConfigsOptions
    @Option(name: .customLong("app-key"), help: "Only this app's configs.", transform: AppKeyText.normalized)
    var appKey: String?
    @Option(help: "Only configs whose versions contain this app version.") var version: String?
    @Flag(help: "Print a JSON array of configs.") var json = false

    func run() throws {
        let (_, directory) = try location.resolve()
        let wanted = try version.map { text throws -> AppVersion in
            guard let parsed = AppVersion(text) else {
                throw LassoError(.usage, "--version: expected a version such as 5.3.0, found \"\(text)\"")
            }
            return parsed
        }
        if !directory.exists {
            Console.error("note: \(directory.root): no configs folder there, so no configs to list")
        }
        let entries = try directory.load().filter { entry in
            (appKey == nil || entry.config.appKey == appKey)
                && (wanted.map { entry.config.versions.contains($0) } ?? true)
        }
        if json {
            Console.json(
                .array(
                    entries.map { entry in
                        guard case .object(var object) = ConfigCodec.json(entry.config) else { return .null }
                        object["file"] = .string(entry.file)
                        return .object(object)
                    }))
            return
        }
        if entries.isEmpty {
            Console.print("no configs in \(directory.root)")
            return
        }
        for entry in entries {
            let config = entry.config
            Console.row([
                config.shortID, config.appKey, config.viewEvent, config.keyName, config.versions.description,
                config.viewPathText,
            ])
        }
    }
}

struct ConfigShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print one config (its id, or the start of it).")

    @Argument(help: "The config's id, or its first characters (at least 4).") var id: String
    @OptionGroup var location: ConfigsOptions

    func run() throws {
        let (_, directory) = try location.resolve()
        let entry = try directory.find(id, in: try directory.loadExisting())
        Console.exact(ConfigCodec.fileText(entry.config), terminator: "")
    }
}

struct ConfigRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete one config's file.")

    @Argument(help: "The config's id, or its first characters (at least 4).") var id: String
    @OptionGroup var location: ConfigsOptions

    func run() throws {
        let (_, directory) = try location.resolve()
        let entry = try directory.find(id, in: try directory.loadExisting())
        try directory.remove(entry)
        Console.print("removed \(entry.file)")
    }
}
