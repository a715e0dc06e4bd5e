import Foundation
import LassoSnapshot

/// The lint of a configs folder as a whole (docs/lint.md): what no single file shows, such as two branches that each
/// added a definition with the same key, and what a file's form hides, such as a hand-reformatted file or an unknown
/// field. `--fix` rewrites what has one right form: canonical text and file names.
public struct FolderLint: Sendable {
    /// A document that read, with its file and the bytes it was read from (nil when only the doubled rules run:
    /// read then for a finding's line alone).
    struct Read: Sendable {
        var document: Document
        var file: String
        var text: String?

        /// The file's text, read now when it was not kept.
        var fileText: String {
            text ?? (try? FileBytes.read(file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    public let root: String
    public private(set) var findings: [LintFinding] = []
    var documents: [Read] = []

    /// Reads every kind of document in `root` and applies every rule; with `onlyDoubled`, only the rules of
    /// `saysItTwice` (what `validate`, `push` and counting refuse), which need neither the files' form nor orphans.
    public init(root: String, onlyDoubled: Bool = false) {
        self.root = root
        for kind in DocumentKind.allCases { read(kind, keepingText: !onlyDoubled) }
        if !onlyDoubled {
            for item in documents { checkForm(item) }
        }
        checkDuplicates(orphans: !onlyDoubled)
        checkNumbers(unnumbered: !onlyDoubled)
        findings.sort { ($0.file, $0.line, $0.rule.rawValue) < ($1.file, $1.line, $1.rule.rawValue) }
    }

    /// The rules of `saysItTwice` over documents a command has already read strictly (so without problems), not
    /// reading the folder again.
    public init(root: String, doubledAmong entries: [StoredEntry]) {
        self.root = root
        documents = entries.map { Read(document: $0.document, file: $0.file, text: nil) }
        checkDuplicates(orphans: false)
        checkNumbers(unnumbered: false)
        findings.sort { ($0.file, $0.line, $0.rule.rawValue) < ($1.file, $1.line, $1.rule.rawValue) }
    }

    private mutating func read(_ kind: DocumentKind, keepingText: Bool) {
        let listing = ConfigsFolder(root: root).listing(kind)
        for problem in listing.problems {
            let repeated = problem.message.hasPrefix("has the same id")
            findings.append(
                LintFinding(
                    rule: repeated ? .duplicateId : .unreadable, file: problem.file,
                    line: Self.lineNumber(in: problem.message) ?? 1, message: problem.message))
        }
        for item in listing.entries {
            var read = Read(document: item.document, file: item.file, text: nil)
            if keepingText { read.text = read.fileText }
            documents.append(read)
        }
    }

    /// `12:5: …` at the start of a problem's words: the line it names.
    private static func lineNumber(in message: String) -> Int? {
        Int(message.prefix { $0.isNumber })
    }

    private static func finding(_ rule: LintFinding.Rule, _ item: Read, at path: String = "$", _ message: String)
        -> LintFinding
    {
        LintFinding(
            rule: rule, file: item.file, jsonPath: path, line: DocumentLines.line(of: path, in: item.fileText),
            message: message, fixable: rule == .notCanonical || rule == .misnamed || rule == .unnumbered)
    }

    /// The rules of one file: its form, its name, its fields and its bounds.
    private mutating func checkForm(_ item: Read) {
        let document = item.document
        if item.fileText != document.text {
            findings.append(
                Self.finding(
                    .notCanonical, item,
                    "not in the canonical form (key order, two-space indent, a newline at the end); lasso lint --fix rewrites it"
                ))
        }
        let expected = document.file(in: root)
        if expected != item.file {
            findings.append(
                Self.finding(
                    .misnamed, item,
                    "expected the file \(expected) for this \(document.kind.noun); lasso lint --fix renames it"))
        }
        for key in document.unknownFields {
            findings.append(
                Self.finding(
                    .unknownField, item, at: "$." + key,
                    "\"\(key)\" is no field of a \(document.kind.noun); lasso keeps it, but reads nothing from it (a typo?)"
                ))
        }
        if case .event = document {
            for (index, interval) in document.versions.intervals.enumerated() {
                for (end, version) in [("from", interval.from), ("until", interval.until)] {
                    guard let version, !version.prerelease.isEmpty else { continue }
                    findings.append(
                        Self.finding(
                            .unexportableBound, item, at: "$.versions[\(index)].\(end)",
                            "the bound \(version.text) has a pre-release, which lasso event export cannot compare in SQL; use a release version"
                        ))
                }
            }
        }
    }

    /// The rules across files: definitions with one key or one meaning, configs and hook configs that say the same
    /// thing, and definitions no config feeds.
    private mutating func checkDuplicates(orphans: Bool) {
        let definitions = documents.compactMap { item -> (EventDefinition, Read)? in
            guard case .event(let definition) = item.document else { return nil }
            return (definition, item)
        }
        let configs = documents.compactMap { item -> (KVCConfig, Read)? in
            guard case .config(let config) = item.document else { return nil }
            return (config, item)
        }
        let hooks = documents.compactMap { item -> (HookConfig, Read)? in
            guard case .hook(let hook) = item.document else { return nil }
            return (hook, item)
        }
        // Pairs are found within groups of what a clash needs equal (a definition's app and key, or its app, event,
        // location and content; a config's app, event, path, conditions and key name; a hook's app, class and one of
        // its selectors), so a large folder is not squared, even when all of it is at one place.
        pairs(
            definitions, by: { [$0.appKey + "\u{0}" + $0.key] }, where: { $0.clash(with: $1) == .sameKey },
            report: {
                later, earlier, laterFile, earlierFile in
                Self.finding(
                    .duplicateKey, laterFile, at: "$.key",
                    "the key \(later.key) is also the key of \(earlierFile.file) for overlapping versions (\(later.versions) and \(earlier.versions)): a back end would count both as one event; give one of them another key, or end one's versions where the other's start"
                )
            })
        pairs(
            definitions, by: { [MeaningPlace($0)] }, where: { $0.clash(with: $1) == .sameMeaning },
            report: {
                _, earlier, laterFile, earlierFile in
                Self.finding(
                    .duplicateCounting, laterFile, at: "$.viewPath",
                    "counts the same clicks as \(earlierFile.file) (\(earlier.key)) for overlapping versions: one thing would be counted under two keys"
                )
            })
        pairs(
            configs, by: { [ReportPlace($0)] }, where: { $0.conflicts(with: $1) },
            report: {
                later, _, laterFile, earlierFile in
                Self.finding(
                    .overlappingVersions, laterFile, at: "$.versions",
                    "says what \(earlierFile.file) says (\(later.viewEvent), the same place and key name \(later.keyName)) for overlapping versions: the SDK would report the value twice"
                )
            })
        pairs(
            configs, by: { [ShapePlace($0)] }, where: Self.readOtherSources,
            report: {
                later, earlier, laterFile, earlierFile in
                Self.finding(
                    .overlappingPlaces, laterFile, at: "$.keyPath",
                    "reports \(later.keyName) from \(later.keyPath) where \(earlierFile.file) reports it from \(earlier.keyPath) (\(later.viewEvent), places that overlap: \(later.viewPathText) and \(earlier.viewPathText), for overlapping versions): on a view both match, the SDK would report either value; read the same key path, give one another key name, or keep one off the other's rows with a condition"
                )
            })
        pairs(
            hooks, by: { hook in Set(hook.selectors).map { [hook.appKey, hook.className, $0] } },
            where: { $0.conflicts(with: $1) },
            report: {
                _, _, laterFile, earlierFile in
                Self.finding(
                    .overlappingVersions, laterFile, at: "$.versions",
                    "hooks what \(earlierFile.file) hooks for overlapping versions: the SDK would send the event twice")
            })
        guard orphans else { return }
        let configList = configs.map(\.0)
        let places = ConfigPlaces(configList)
        // Another SDK's records carry that SDK's properties, which no lasso config feeds: only lasso's own are orphans.
        for (definition, item) in definitions where definition.profile == .lasso {
            let unfed = EventFeeds.unfedKeys(of: definition, configs: configList, places: places)
            guard !unfed.isEmpty else { continue }
            findings.append(
                Self.finding(
                    .orphan, item, at: "$.content",
                    "no config at its place reports \(unfed.joined(separator: ", ")), so no record can match it; add a config that reports \(unfed.count == 1 ? "it" : "them") (lasso validate on a snapshot prints the lasso config add line)"
                ))
        }
    }

    /// The rules of event numbers, per app against its ledger (`EventNumbers`): a number held twice or given first to
    /// another definition, a number that is not the one given, and (unless only the doubled rules are wanted) a
    /// definition with no number or one the ledger does not record.
    private mutating func checkNumbers(unnumbered: Bool) {
        let definitions = documents.compactMap { item -> (EventDefinition, Read)? in
            guard case .event(let definition) = item.document else { return nil }
            return (definition, item)
        }
        let events = EventDirectory(root: root)
        for (appKey, group) in Dictionary(grouping: definitions, by: { $0.0.appKey }).sorted(by: { $0.key < $1.key }) {
            let ledgerFile = events.folder(appKey: appKey) + "/" + EventNumbers.fileName
            let ledger: EventNumbers
            do {
                ledger = try EventNumbers.read(folder: events.folder(appKey: appKey))
            } catch {
                // "<file>:<line>: expected …": the file and line are the finding's own, said once.
                var words = Substring(error.message)
                if words.hasPrefix(ledgerFile + ":") { words = words.dropFirst(ledgerFile.count + 1) }
                let line = Self.lineNumber(in: String(words)) ?? 1
                if let colon = words.firstIndex(of: ":"), Int(words[..<colon]) != nil {
                    words = words[words.index(after: colon)...].drop { $0 == " " }
                }
                findings.append(LintFinding(rule: .unreadable, file: ledgerFile, line: line, message: String(words)))
                continue
            }
            // A number moved by hand is said as changed, and leaves the number it took to its rightful holder.
            var kept: [(EventDefinition, Read)] = []
            for (definition, item) in group.sorted(by: { $0.1.file < $1.1.file }) {
                guard let number = definition.number else {
                    if unnumbered {
                        findings.append(
                            Self.finding(
                                .unnumbered, item,
                                "has no number (made before lasso numbered events); lasso lint --fix gives it the app's next one"
                            ))
                    }
                    continue
                }
                if let given = ledger.number(of: definition.id), given != number {
                    findings.append(
                        Self.finding(
                            .numberChanged, item, at: "$.number",
                            "the number was given as \(given) (\(ledgerFile), a line for this id) and is \(number) here: a number never changes, so the records and the code that carry \(given) keep counting; put \(given) back"
                        ))
                    continue
                }
                kept.append((definition, item))
            }
            for (number, holders) in Dictionary(grouping: kept, by: { $0.0.number ?? 0 }).sorted(by: { $0.key < $1.key }
            ) {
                let first = ledger.first(number)
                // The rightful holder: the one the ledger gave the number to first, else the first file. Its event
                // continued under its key (a repair from a release on) holds the number too.
                let rightful = holders.first { $0.0.id == first?.id } ?? (first == nil ? holders[0] : nil)
                let eventKey = rightful?.0.key ?? first?.key
                for (definition, item) in holders
                where definition.id != rightful?.0.id && definition.key != eventKey {
                    let owner =
                        rightful.map { "also \($0.1.file)'s" }
                        ?? "given to \(first!.id.prefix(8)) (\(first!.key)) first (\(ledgerFile):\(first!.line))"
                    findings.append(
                        Self.finding(
                            .numberReused, item, at: "$.number",
                            "the number \(number) is \(owner): a number names one event of its app and is never given again; remove \"number\" from this file and run lasso lint --fix to give it a new one"
                        ))
                }
                if let rightful, unnumbered, first == nil {
                    findings.append(
                        Self.finding(
                            .unnumbered, rightful.1, at: "$.number",
                            "the number \(number) is not in \(ledgerFile), so it could be given again; lasso lint --fix records it"
                        ))
                }
            }
        }
    }

    /// Adds a finding for each pair of documents that share a group (`keys`: the groups a document is in) and
    /// `clash`: the later file with each earlier one, in file order, a pair in several groups found once.
    private mutating func pairs<T, Key: Hashable>(
        _ items: [(T, Read)], by keys: (T) -> [Key], where clashes: (T, T) -> Bool,
        report make: (T, T, Read, Read) -> LintFinding
    ) {
        var groups: [Key: [Int]] = [:]
        for (position, item) in items.enumerated() {
            for key in keys(item.0) { groups[key, default: []].append(position) }
        }
        var clashing = Set<Pair>()
        for group in groups.values where group.count > 1 {
            for later in 1..<group.count {
                for earlier in 0..<later where clashes(items[group[later]].0, items[group[earlier]].0) {
                    clashing.insert(Pair(later: group[later], earlier: group[earlier]))
                }
            }
        }
        for pair in clashing.sorted(by: { ($0.later, $0.earlier) < ($1.later, $1.earlier) }) {
            let (later, earlier) = (items[pair.later], items[pair.earlier])
            findings.append(make(later.0, earlier.0, later.1, earlier.1))
        }
    }

    /// Two documents' places in a list, the later first.
    private struct Pair: Hashable {
        var later: Int
        var earlier: Int
    }

    /// Rewrites the files `fix` can repair (canonical text, and the file name the document belongs under), each
    /// atomically; returns what it did, a line each. A name already taken by another file is left alone and said.
    public func fix() throws(LassoError) -> [String] {
        var done: [String] = []
        let fixable = Set(findings.filter { $0.fixable && $0.rule != .unnumbered }.map(\.file))
        let unnumbered = Set(findings.filter { $0.rule == .unnumbered }.map(\.file))
        for item in documents where fixable.contains(item.file) {
            let target = item.document.file(in: root)
            if target != item.file, FileManager.default.fileExists(atPath: target) {
                done.append("\(item.file): not renamed: \(target) exists")
                continue
            }
            try AtomicFile.write(item.document.text, to: target, within: root)
            if target != item.file {
                guard unlink(item.file) == 0 else {
                    throw LassoError(
                        .cannotWrite,
                        "\(item.file): wrote \(target), but cannot delete the old file: \(SystemErrorWords.words(for: errno))"
                    )
                }
                done.append(
                    "renamed \(item.file) to \(target)" + (item.fileText != item.document.text ? " (rewritten)" : ""))
            } else {
                done.append("rewrote \(item.file)")
            }
        }
        return done + (try number(unnumbered))
    }

    /// Gives each definition in `files` (in file order) its app's next number, or records the one it has in the
    /// ledger; a line each.
    private func number(_ files: Set<String>) throws(LassoError) -> [String] {
        guard !files.isEmpty else { return [] }
        let events = EventDirectory(root: root)
        var entries = events.listing().entries
        var done: [String] = []
        for index in entries.indices where files.contains(entries[index].file) {
            let had = entries[index].definition.number
            let written = try events.written(entries[index].definition, replacing: entries)
            entries[index] = EventDirectory.Entry(definition: written.document, file: written.file)
            let number = written.document.number ?? 0
            done.append(
                had == nil
                    ? "numbered \(written.file): \(number)" : "recorded the number \(number) of \(written.file)")
        }
        return done
    }
}

extension FolderLint {
    /// The rules whose findings mean the folder says one thing twice: a back end or an SDK would act on both
    /// documents, so `push` refuses and `validate` fails on them (the others are for `lasso lint` alone).
    public static let saysItTwice: Set<LintFinding.Rule> = [
        .duplicateId, .duplicateKey, .duplicateCounting, .overlappingVersions, .numberReused,
    ]

    /// The documents of `root` that say one thing twice (the findings of `saysItTwice`), of one app (nil: every app).
    public static func doubled(in root: String, appKey: String? = nil) -> [LintFinding] {
        FolderLint(root: root, onlyDoubled: true).doubled(appKey: appKey)
    }

    /// The findings of `saysItTwice`, of one app (nil: every app).
    public func doubled(appKey: String? = nil) -> [LintFinding] {
        let files = appKey.map { app in Set(documents.filter { $0.document.appKey == app }.map(\.file)) }
        return findings.filter { finding in
            Self.saysItTwice.contains(finding.rule) && (files?.contains(finding.file) ?? true)
        }
    }
}
