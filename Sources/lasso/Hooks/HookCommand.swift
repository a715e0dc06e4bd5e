import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso hook`: add, list, show, edit, remove and export the method-hook configs of the configs directory.
struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook", abstract: "Add, list, show, edit, remove and export method-hook configs.",
        subcommands: [
            HookAddCommand.self, DocumentListCommand<HookCodec>.self, DocumentShowCommand<HookCodec>.self,
            HookEditCommand.self, DocumentRemoveCommand<HookCodec>.self, HookExportCommand.self,
        ])
}

extension HookCodec: CommandDocumentKind {
    static let columns = "short id, app key, class, selectors, the event or the rules, versions"
    static func row(_ config: HookConfig) -> [String] {
        let what = config.fixedEvent ?? "rules: " + config.rules.map(HookRuleText.write).joined(separator: "; ")
        return [
            config.shortID, config.appKey, config.className, config.selectors.joined(separator: " "), what,
            config.versions.description,
        ]
    }
}
