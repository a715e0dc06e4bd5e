import ArgumentParser
import Foundation
import LassoSnapshot

/// Tells a mistyped command from a snapshot's file name (`lasso chek` is no file: "did you mean check?"), for the
/// root and for the command groups (`lasso config lst`), before ArgumentParser reads the words.
enum CommandSuggestion {
    /// The usage error for `arguments` (without the program's name) when its command word names no command, or nil
    /// when the words are for ArgumentParser (a command, an option, or a file to open).
    static func problem(in arguments: [String], fileExists: (String) -> Bool = FileIdentity.exists) -> LassoError? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let root = names(of: Lasso.self)
        if let group = Lasso.configuration.subcommands.first(where: { $0.configuration.commandName == first }) {
            let members = names(of: group)
            guard !members.isEmpty, arguments.count > 1, !arguments[1].hasPrefix("-"), !members.contains(arguments[1])
            else { return nil }
            return unknown(arguments[1], among: members, what: "a \(first) command", help: "lasso \(first) --help")
        }
        // A word that is a command, or a file (the snapshot `lasso FILE` opens), is not ours to judge; nor is a
        // word that looks like a file's name (a folder or an extension), which `open` reports as missing.
        if root.contains(first) || fileExists(first) || first.contains("/") || first.contains(".") { return nil }
        return unknown(first, among: root, what: "a command or a file", help: "lasso --help")
    }

    /// The names of a command's subcommands, and `help`, which ArgumentParser adds.
    static func names(of command: ParsableCommand.Type) -> [String] {
        let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
        return names.isEmpty ? [] : names + ["help"]
    }

    private static func unknown(_ word: String, among names: [String], what: String, help: String) -> LassoError {
        let shown = DisplayText.escaped(word)
        if let near = nearest(to: word, among: names) {
            return LassoError(.usage, "'\(shown)' is not \(what); did you mean '\(near)'? (\(help) lists them)")
        }
        return LassoError(.usage, "'\(shown)' is not \(what) (\(help) lists the commands)")
    }

    /// The name a typo most likely meant: the only one that starts with the word, else the closest within one edit
    /// (two for words of five letters or more; ties go to the first listed).
    static func nearest(to word: String, among names: [String]) -> String? {
        let lowered = word.lowercased()
        let starting = names.filter { $0.hasPrefix(lowered) }
        if lowered.count >= 2, starting.count == 1 { return starting[0] }
        let scored = names.map { (name: $0, distance: editDistance(lowered, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= (word.count <= 4 ? 1 : 2)
        else {
            return nil
        }
        return best.name
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit (`chekc` → `check` is 1).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
