import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso hook`: add, list, show, edit, remove and export the method-hook configs of the configs directory.
struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook", abstract: "Add, list, show, edit, remove and export method-hook configs.",
        subcommands: [
            HookAddCommand.self, HookListCommand.self, HookShowCommand.self, HookEditCommand.self,
            HookRemoveCommand.self, HookExportCommand.self,
        ])

    /// The hook configs folder of the configs directory `location` names.
    static func directory(_ location: ConfigsOptions) throws -> (ProjectSettings, HookDirectory) {
        let (settings, configs) = try location.resolve()
        return (settings, HookDirectory(root: configs.root))
    }

    /// Every hook config, strictly: a folder that does not exist is an error, as for `config show`.
    static func loadExisting(_ directory: HookDirectory) throws -> [HookDirectory.Entry] {
        try ConfigDirectory(root: directory.root).requireExisting()
        return try directory.load()
    }

    /// A config as `--json` prints it: its canonical object and the file it is in.
    static func json(_ entry: HookDirectory.Entry) -> JSONValue {
        guard case .object(var object) = HookCodec.json(entry.config) else { return .null }
        object["file"] = .string(entry.file)
        return .object(object)
    }
}

struct HookListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the hook configs, optionally of one app or one version.")

    @OptionGroup var location: ConfigsOptions
    @Option(
        name: .customLong("app-key"), help: "Only this app's hook configs.", completion: Completions.appKeys,
        transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var version: AppVersionOption
    @Flag(help: "Print a JSON array of hook configs.") var json = false

    func run() throws {
        let (_, configs) = try location.resolve()
        let wanted = try version.resolve()
        let list = DocumentList<HookDirectory.Entry>(
            noun: "hook configs", appKey: \.config.appKey, versions: \.config.versions, json: HookCommand.json,
            row: { entry in
                let config = entry.config
                let what =
                    config.fixedEvent ?? "rules: " + config.rules.map(HookRuleText.write).joined(separator: "; ")
                return [
                    config.shortID, config.appKey, config.className, config.selectors.joined(separator: " "), what,
                    config.versions.description,
                ]
            })
        let entries = try HookDirectory(root: configs.root).load()
        list.print(entries, folder: configs, app: appKey, version: wanted, asJSON: json)
    }
}

struct HookShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print one hook config (its id, or the start of it).")

    @Argument(help: "The hook config's id, or its first characters (at least 4).", completion: Completions.hookIds)
    var id: String
    @OptionGroup var location: ConfigsOptions
    @Flag(help: "Print the config with the file it is in, as JSON.") var json = false

    func run() throws {
        let (_, directory) = try HookCommand.directory(location)
        let entry = try directory.find(id, in: try HookCommand.loadExisting(directory))
        if json {
            Console.json(HookCommand.json(entry))
        } else {
            Console.exact(HookCodec.fileText(entry.config), terminator: "")
        }
    }
}

struct HookRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete one hook config's file.")

    @Argument(help: "The hook config's id, or its first characters (at least 4).", completion: Completions.hookIds)
    var id: String
    @OptionGroup var location: ConfigsOptions
    @OptionGroup var output: RemovalOutput

    func run() throws {
        let (_, directory) = try HookCommand.directory(location)
        let entry = try directory.find(id, in: try HookCommand.loadExisting(directory))
        try directory.remove(entry)
        output.say(.hook, id: entry.config.id, file: entry.file)
    }
}
