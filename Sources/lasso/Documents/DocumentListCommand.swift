import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso config list`, `event list` and `hook list`: the documents of one kind, optionally of one app and one
/// version, one tab-separated row each, or a JSON array.
struct DocumentListCommand<Kind: CommandDocumentKind>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: "List the \(Kind.plural), optionally of one app or one version.",
            discussion: "One a line: \(Kind.columns), tab-separated.")
    }

    @OptionGroup var location: ConfigsOptions
    @Option(
        name: .customLong("app-key"), help: ArgumentHelp("Only this app's \(Kind.plural)."),
        completion: Completions.appKeys, transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var version: AppVersionOption
    @Flag(help: ArgumentHelp("Print a JSON array of \(Kind.plural), each with its file.")) var json = false

    func run() throws {
        let (_, folder) = try Kind.folder(location)
        let wanted = try version.resolve()
        let entries = try folder.load()
        if !folder.exists {
            Console.error("note: \(folder.root): no configs folder there, so no \(Kind.plural) to list")
        }
        let shown = entries.filter { entry in
            (appKey == nil || Kind.appKey(of: entry.document) == appKey)
                && (wanted.map { Kind.wrapped(entry.document).versions.contains($0) } ?? true)
        }
        if json {
            Console.json(.array(shown.map(Kind.json)))
        } else if shown.isEmpty {
            Console.print("no \(Kind.plural) in \(folder.root)")
        } else {
            for entry in shown { Console.row(Kind.row(entry.document)) }
        }
    }
}
