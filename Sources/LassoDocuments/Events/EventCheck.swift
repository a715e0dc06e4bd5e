import Foundation
import LassoSnapshot

/// Checks named event definitions against screens: does each one's location match a view there, and does some KVC
/// config at that place report every content key it asks about (docs/event-definitions.md, "Checked against the
/// screens")? `lasso validate` runs it per snapshot, `lasso check` over the new version's screens.
public struct EventCheck: Sendable {
    /// One screen, with the app and version its records would carry.
    public struct Screen: Sendable {
        public var file: String
        public var table: PathTable
        public var appKey: String?
        public var version: AppVersion?

        public init(file: String, table: PathTable, appKey: String?, version: AppVersion?) {
            self.file = file
            self.table = table
            self.appKey = appKey
            self.version = version
        }
    }

    /// The verdict on one definition.
    public enum Status: String, Sendable {
        case ok
        /// Its location matches no view (for its event) on the screens.
        case noMatch = "no-match"
        /// It matches, but asks about a reported key that no config at that place reports.
        case unfed
    }

    /// One definition's verdict, with what to do about it.
    public struct Result: Sendable {
        public var entry: EventDirectory.Entry
        public var status: Status
        public var matches: Int
        /// The screen the first match is on, when any.
        public var snapshot: String?
        public var unfedKeys: [String]
        public var reason: String
        /// `lasso config add …` lines that would feed the unfed keys.
        public var configsToAdd: [String]

        public var isBroken: Bool { status != .ok }
    }

    public var results: [Result]
    public var broken: [Result] { results.filter(\.isBroken) }

    /// Judges every definition that concerns some screen (its app, and a version its intervals hold) against all of
    /// those screens together, with the configs that apply on each.
    ///
    /// Each screen's matcher is made once, the configs are looked up by where they report (`ConfigPlaces`) rather
    /// than compared with every definition, and the views a config matches on a screen are worked out once, however
    /// many definitions share its place.
    public init(definitions: [EventDirectory.Entry], configs: [KVCConfig], screens: [Screen]) {
        let places = ConfigPlaces(configs)
        var judged = screens.map { JudgedScreen(screen: $0, matcher: ScreenMatcher($0.table)) }
        results = []
        for entry in definitions {
            let definition = entry.definition
            let concerned = judged.indices.filter { position in
                let screen = judged[position].screen
                return (screen.appKey == nil || screen.appKey == definition.appKey)
                    && (screen.version.map(definition.versions.contains) ?? true)
            }
            guard !concerned.isEmpty else { continue }
            results.append(Self.judge(entry, configs: configs, places: places, screens: &judged, concerned: concerned))
        }
    }

    /// A screen with its matcher, and the views each config matches there once worked out.
    struct JudgedScreen {
        var screen: Screen
        /// Matches each document in the profile it is written in.
        var matcher: ScreenMatcher
        var fed: [Int: [Int]] = [:]
        /// The value candidates of the views a `lasso config add` line was made for.
        var candidates: [Int: [ValueCandidates.Candidate]] = [:]

        /// The views `config` (at `position` in the configs) matches here, with its event and conditions.
        mutating func views(of config: KVCConfig, at position: Int) -> [Int] {
            if let known = fed[position] { return known }
            let found = matcher.matches(
                config.viewPathText, profile: config.profile, path: config.viewPath, event: config.viewEvent,
                conditions: config.conditions)
            fed[position] = found
            return found
        }

        /// The values a config could report on `node` here (`ValueCandidates`), worked out once a view.
        mutating func candidates(for node: Int) -> [ValueCandidates.Candidate] {
            if let known = candidates[node] { return known }
            let found = ValueCandidates.list(for: node, in: screen.table)
            candidates[node] = found
            return found
        }
    }

    static func judge(
        _ entry: EventDirectory.Entry, configs: [KVCConfig], places: ConfigPlaces, screens: inout [JudgedScreen],
        concerned: [Int]
    ) -> Result {
        let definition = entry.definition
        var matchCount = 0
        var loose = 0
        var first: (screen: Screen, position: Int, node: Int)?
        var reported = Set<String>()
        // For a page view by its page alone: the pages these screens show, to say which there are instead.
        var pagesSeen: [String] = []
        // The keys a config must report (another SDK's records carry what that SDK sends, $element_content, textValue
        // …, not configs' values), and for each the configs that can report it at the definition's place: its app, its
        // event, a path of the same shape, that key name.
        let asked = definition.profile == .lasso ? EventFeeds.askedKeys(of: definition) : []
        let candidates = asked.map { key in
            (
                key,
                places.configs(
                    appKey: definition.appKey, event: definition.viewEvent, at: definition.viewPath, keyName: key)
            )
        }
        for position in concerned {
            let screen = screens[position].screen
            let matcher = screens[position].matcher
            var matched = matcher.matches(
                definition.viewPathText, profile: definition.profile, path: definition.viewPath,
                event: definition.viewEvent)
            if let screenName = definition.screen, let field = definition.profile.screenField {
                // The page the SDK reports beside the path must be the definition's.
                let dialect = matcher.dialect(definition.profile)
                let pages = matched.map { dialect.location(of: $0)?[field: field] }
                if definition.isPageOnly {
                    for case let page? in pages where !page.isEmpty && !pagesSeen.contains(page) {
                        pagesSeen.append(page)
                    }
                }
                matched = zip(matched, pages).filter { $0.1 == screenName }.map(\.0)
            }
            guard !matched.isEmpty else {
                loose +=
                    matcher.matches(definition.viewPathText, profile: definition.profile, path: definition.viewPath)
                    .count
                continue
            }
            matchCount += matched.count
            if first == nil { first = (screen, position, matched[0]) }
            let views = Set(matched)
            for (key, positions) in candidates where !reported.contains(key) {
                for index in positions {
                    let config = configs[index]
                    guard
                        (screen.version.map(config.versions.contains) ?? true) && config.profile == definition.profile
                            && config.viewPath.overlaps(definition.viewPath)
                    else { continue }
                    let fed = screens[position].views(of: config, at: index)
                    if fed.contains(where: views.contains) {
                        reported.insert(key)
                        break
                    }
                }
            }
        }
        guard let first else {
            let files = concerned.map { screens[$0].screen.file }.joined(separator: ", ")
            let reason =
                definition.isPageOnly
                ? "no page here is \(definition.screen ?? "a page")"
                    + (pagesSeen.isEmpty
                        ? "; the SDK names no page here"
                        : "; the SDK names the pages here " + pagesSeen.joined(separator: ", "))
                    + " (\(files))"
                : loose > 0
                    ? "\(loose) view(s) have the path \(definition.viewPathText), but the event \(definition.viewEvent) does not apply to them (\(files))"
                    : "no view has the path \(definition.viewPathText) (\(files))"
            return Result(
                entry: entry, status: .noMatch, matches: 0, snapshot: nil, unfedKeys: [], reason: reason,
                configsToAdd: [])
        }
        let unfed = asked.filter { !reported.contains($0) }
        guard !unfed.isEmpty else {
            return Result(
                entry: entry, status: .ok, matches: matchCount, snapshot: first.screen.file, unfedKeys: [],
                reason: "", configsToAdd: [])
        }
        let keys = unfed.map { "\"\($0)\"" }.joined(separator: ", ")
        let values = screens[first.position].candidates(for: first.node)
        let lines = unfed.map { key in
            Self.configAddLine(for: key, definition: definition, screen: first.screen, node: first.node, values: values)
        }
        return Result(
            entry: entry, status: .unfed, matches: matchCount, snapshot: first.screen.file, unfedKeys: unfed,
            reason: "no KVC config at its location reports \(keys), so no record carries it; add one",
            configsToAdd: lines)
    }

    /// The `lasso config add` line that reports `key` on the definition's views: the key path is one whose value on
    /// the view is a value the definition looks for, else one suggested under that name, else a placeholder.
    static func configAddLine(
        for key: String, definition: EventDefinition, screen: Screen, node: Int,
        values candidates: [ValueCandidates.Candidate]
    ) -> String {
        let wanted: [String] = definition.content.filter { $0.key == key }.flatMap { condition -> [String] in
            switch condition.operation {
            case .equals(let value): [value]
            case .oneOf(let values): values
            default: []
            }
        }
        let keyPath =
            candidates.first(where: { wanted.contains($0.value.plainText) })?.keyPath
            ?? candidates.first(where: { $0.keyName == key || $0.suggestedKeyName == key })?.keyPath
            ?? "KEY_PATH"
        return [
            "lasso config add", shellQuoted(screen.file), "--node", String(node), "--event", definition.viewEvent,
            "--path", shellQuoted(definition.viewPathText), "--key-path", shellQuoted(keyPath), "--key-name",
            shellQuoted(key),
        ].joined(separator: " ")
    }

    /// `text` as one shell word: bare when it is plain, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_./@:".unicodeScalars.contains(scalar)
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
