import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso config`: add, list, show, edit and remove the KVC configs of the configs directory.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Add, list, show, edit, remove and export KVC configs.",
        subcommands: [
            ConfigAddCommand.self, ConfigListCommand.self, ConfigShowCommand.self, ConfigEditCommand.self,
            ConfigRemoveCommand.self, ConfigExportCommand.self,
        ])

    /// A config as `--json` prints it: its canonical object and the file it is in.
    static func json(_ config: KVCConfig, file: String) -> JSONValue {
        guard case .object(var object) = ConfigCodec.json(config) else { return .null }
        object["file"] = .string(file)
        return .object(object)
    }
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
    @Option(
        name: .customLong("app-key"), help: "Only this app's configs.", completion: Completions.appKeys,
        transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var version: AppVersionOption
    @Flag(help: "Print a JSON array of configs.") var json = false

    func run() throws {
        let (_, directory) = try location.resolve()
        let list = DocumentList<ConfigDirectory.Entry>(
            noun: "configs", appKey: \.config.appKey, versions: \.config.versions,
            json: { ConfigCommand.json($0.config, file: $0.file) },
            row: { entry in
                let config = entry.config
                return [
                    config.shortID, config.appKey, config.viewEvent, config.keyName, config.versions.description,
                    config.viewPathText,
                ]
            })
        let wanted = try version.resolve()
        list.print(try directory.load(), folder: directory, app: appKey, version: wanted, asJSON: json)
    }
}

struct ConfigShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print one config (its id, or the start of it).")

    @Argument(help: "The config's id, or its first characters (at least 4).", completion: Completions.configIds)
    var id: String
    @OptionGroup var location: ConfigsOptions
    @Flag(help: "Print the config with the file it is in, as JSON (without it: the file's text).") var json = false

    func run() throws {
        let (_, directory) = try location.resolve()
        let entry = try directory.find(id, in: try directory.loadExisting())
        if json {
            Console.json(ConfigCommand.json(entry.config, file: entry.file))
            return
        }
        Console.exact(ConfigCodec.fileText(entry.config), terminator: "")
    }
}

struct ConfigRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete one config's file.")

    @Argument(help: "The config's id, or its first characters (at least 4).", completion: Completions.configIds)
    var id: String
    @OptionGroup var location: ConfigsOptions
    @OptionGroup var output: RemovalOutput

    func run() throws {
        let (_, directory) = try location.resolve()
        let entry = try directory.find(id, in: try directory.loadExisting())
        try directory.remove(entry)
        output.say(.config, id: entry.config.id, file: entry.file)
    }
}
