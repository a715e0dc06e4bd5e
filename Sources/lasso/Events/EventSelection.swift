import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// Which event definitions a command counts or exports: the configs folder's (`--configs`, else lasso.json's),
/// optionally of one app and some keys, or the files given with `--definition`.
struct EventSelection: ParsableArguments {
    @OptionGroup var configs: ConfigsOptions
    @Option(
        name: .customLong("app-key"), help: "Only the definitions of this app.", completion: Completions.appKeys,
        transform: AppKeyText.normalized)
    var appKey: String?
    @Option(
        name: .customLong("key"), help: "Only the definition with this key (repeatable).",
        completion: Completions.definitionKeys)
    var keys: [String] = []
    @Option(
        name: .customLong("definition"), help: "A definition file to use instead of the configs folder's (repeatable).")
    var files: [String] = []

    /// The chosen definitions, sorted by app and key; fails when a file does not read or nothing is chosen.
    func definitions() throws -> [EventDefinition] {
        var definitions: [EventDefinition]
        if files.isEmpty {
            let (_, directory) = try configs.resolve()
            definitions = try EventDirectory(root: directory.root).load().map(\.definition)
            // Counting goes on (each definition is its own column), but two that share a key or a meaning are said.
            for finding in FolderLint.doubled(in: directory.root, appKey: appKey)
            where finding.rule == .duplicateKey || finding.rule == .duplicateCounting {
                Console.error(
                    "warning: \(finding.file):\(finding.line): \(finding.rule.rawValue): \(DisplayText.escaped(finding.message))"
                )
            }
        } else {
            definitions = []
            for file in files {
                guard FileManager.default.fileExists(atPath: file) else {
                    throw LassoError(.noInput, "\(DisplayText.escaped(file)): no such definition file")
                }
                definitions.append(try EventDirectory.read(file))
            }
        }
        if let appKey { definitions = definitions.filter { $0.appKey == appKey } }
        if !keys.isEmpty {
            for key in keys where !definitions.contains(where: { $0.key == key }) {
                throw LassoError(
                    .notFound, "no event definition has the key \"\(key)\"\(appKey.map { " in \($0)" } ?? "")")
            }
            definitions = definitions.filter { keys.contains($0.key) }
        }
        guard !definitions.isEmpty else {
            throw LassoError(
                .notFound,
                "no event definitions\(appKey.map { " of \($0)" } ?? "") found (add one with lasso event add, or give --definition FILE)"
            )
        }
        return definitions.sorted { ($0.appKey, $0.key, $0.id) < ($1.appKey, $1.key, $1.id) }
    }
}
