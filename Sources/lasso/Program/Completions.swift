import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// What the shell completes for ids, keys, app keys and event names, read from the configs folder of the command
/// line being typed (its `--configs` and `--settings`, else the nearest lasso.json, else ./kvc-configs). A folder
/// that cannot be read, or holds a broken file, completes nothing: completion never prints an error.
enum Completions {
    static let configIds = CompletionKind.custom { words, _, prefix in
        ids(of: .config, words: words, prefix: prefix)
    }
    static let definitionIds = CompletionKind.custom { words, _, prefix in
        ids(of: .event, words: words, prefix: prefix)
    }
    static let hookIds = CompletionKind.custom { words, _, prefix in
        ids(of: .hook, words: words, prefix: prefix)
    }
    /// The keys of the named event definitions (`event count --key`).
    static let definitionKeys = CompletionKind.custom { words, _, prefix in
        let keys = documents(.event, words: words).compactMap { document -> String? in
            guard case .event(let definition) = document else { return nil }
            return definition.key
        }
        return starting(with: prefix, Set(keys).sorted())
    }
    /// The app keys that have a folder or a document in the configs folder.
    static let appKeys = CompletionKind.custom { words, _, prefix in
        let keys = DocumentKind.allCases.flatMap { documents($0, words: words).map(\.appKey) }
        return starting(with: prefix, Set(keys).sorted())
    }
    /// The view events: lasso's own and the project's (`customEvents` of lasso.json).
    static let viewEvents = CompletionKind.custom { words, _, prefix in
        let custom = (try? settings(words))?.customEvents ?? []
        return starting(with: prefix, EventType.allCases.map(\.rawValue) + custom)
    }

    /// The full ids of one kind (the commands take any start of at least 4 characters).
    static func ids(of kind: DocumentKind, words: [String], prefix: String) -> [String] {
        starting(with: prefix, documents(kind, words: words).map(\.id).sorted())
    }

    static func starting(with prefix: String, _ candidates: [String]) -> [String] {
        candidates.filter { $0.hasPrefix(prefix) }
    }

    /// The documents of a kind in the folder the typed words name; none when it cannot be read.
    static func documents(_ kind: DocumentKind, words: [String]) -> [Document] {
        guard let project = try? settings(words) else { return [] }
        let root = project.configDirectory(override: value(of: "--configs", in: words)).root
        return ((try? ConfigsFolder(root: root).load(kind)) ?? []).map(\.document)
    }

    static func settings(_ words: [String]) throws -> ProjectSettings {
        try ProjectSettings.resolve(file: value(of: "--settings", in: words))
    }

    /// The value typed after `option` (`--configs DIR` or `--configs=DIR`), unquoted as far as the shell left it.
    static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return unquoted(words[index + 1]) }
            if word.hasPrefix(option + "=") { return unquoted(String(word.dropFirst(option.count + 1))) }
        }
        return nil
    }

    private static func unquoted(_ word: String) -> String {
        guard word.count >= 2, let first = word.first, first == "\"" || first == "'", word.last == first else {
            return word
        }
        return String(word.dropFirst().dropLast())
    }
}
