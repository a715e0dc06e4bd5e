import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso config`: add, list, show, edit and remove the KVC configs of the configs directory.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Add, list, show, edit, remove and export KVC configs.",
        subcommands: [
            ConfigAddCommand.self, DocumentListCommand<ConfigCodec>.self, DocumentShowCommand<ConfigCodec>.self,
            ConfigEditCommand.self, DocumentRemoveCommand<ConfigCodec>.self, ConfigExportCommand.self,
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

extension ConfigCodec: CommandDocumentKind {
    static let columns = "short id, app key, event, key name, versions, path"
    static func row(_ config: KVCConfig) -> [String] {
        [
            config.shortID, config.appKey, config.viewEvent, config.keyName, config.versions.description,
            config.viewPathText,
        ]
    }
}
