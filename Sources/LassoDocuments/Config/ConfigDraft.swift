import Foundation
import LassoSnapshot

/// Everything a person says about a new or edited config before it is checked and made: the one builder behind
/// `config add`, `config edit` and the circle form.
public struct ConfigDraft: Sendable, Equatable, DocumentDraft {
    public typealias Problem = ConfigDraftProblem

    /// The id of the config being edited, kept by `build`; nil for a new config, which gets a new id.
    public var id: String?
    public var appKey: String?
    public var viewEvent: String
    /// The view's own path; `anyIndex` says where the location does not matter.
    public var exactPath: ViewPath
    /// Per segment of `exactPath`: true puts `*` in its index (a cell keeps its section: `[s:*]`).
    public var anyIndex: [Bool]
    public var conditions: [Condition]
    public var keyPath: String
    public var keyName: String
    /// The first app version the config applies to, as typed; "" leaves the start open.
    public var from: String
    /// The app version the config stops applying at (not included), as typed; "" leaves the end open.
    public var until: String
    /// A note for people reading the config; "" for none.
    public var note: String
    /// The intervals before the last one, kept as they are: `from` and `until` edit only the last interval.
    public var earlierIntervals: [VersionInterval]
    /// The config being edited, as it was saved: `build` keeps its unknown fields, and its path as written (text and
    /// viewId) while the path stays the same.
    public private(set) var original: KVCConfig?
    public var originalVersions: VersionRanges? { original?.versions }

    public init(
        id: String? = nil, appKey: String?, viewEvent: String, exactPath: ViewPath, anyIndex: [Bool]? = nil,
        conditions: [Condition] = [], keyPath: String = "", keyName: String = "", from: String = "",
        until: String = "", note: String = "", earlierIntervals: [VersionInterval] = []
    ) {
        self.id = id
        self.appKey = appKey
        self.viewEvent = viewEvent
        self.exactPath = exactPath
        self.anyIndex = anyIndex ?? Array(repeating: false, count: exactPath.segments.count)
        self.conditions = conditions
        self.keyPath = keyPath
        self.keyName = keyName
        self.from = from
        self.until = until
        self.note = note
        self.earlierIntervals = earlierIntervals
    }

    /// The path with `*` where the location does not matter.
    public var pattern: ViewPath {
        var path = exactPath
        for (position, any) in anyIndex.enumerated() where any && position < path.segments.count {
            switch path.segments[position].index {
            case .position: path.segments[position].index = .any
            case .cell(let section, _): path.segments[position].index = .cell(section: section, row: nil)
            }
        }
        return path
    }

    /// True when "any" is set on a plain position (not a cell's row) — may match more than meant.
    public var widensPlainIndex: Bool {
        zip(anyIndex, exactPath.segments).contains { any, segment in
            guard any, case .position = segment.index else { return false }
            return true
        }
    }

    /// Takes `path` as the config's path exactly as written: its own wildcards and no others.
    public mutating func setPath(_ path: ViewPath) {
        exactPath = path
        anyIndex = Array(repeating: false, count: path.segments.count)
    }

    /// A draft for a new config on `node`: the view's exact path; suggested conditions (`Condition.suggested`) and, for
    /// a navigation-bar button (an `action` condition), `*` on the last segment; `from` = the snapshot's app version
    /// when it parses.
    public static func new(on node: Int, in table: PathTable, appKey: String?, event: String) -> ConfigDraft {
        let snapshot = table.snapshot
        let conditions = Condition.suggested(for: node, in: snapshot)
        var draft = ConfigDraft(
            appKey: appKey, viewEvent: event, exactPath: table.path(of: node), conditions: conditions,
            from: snapshot.app.version.flatMap(AppVersion.init)?.text ?? "")
        // A navigation bar button's position moves as buttons come and go: its action tells it apart instead.
        if conditions.contains(where: { $0.key == "action" }), !draft.anyIndex.isEmpty {
            draft.anyIndex[draft.anyIndex.count - 1] = true
        }
        return draft
    }

    /// A draft that edits `config`: it keeps the id and fills every field, `from` and `until` from the last interval.
    ///
    /// `exactPath` is the path of the view the config is edited on (`table.path(of: node)`); the config's wildcards
    /// become `anyIndex`. Without a view, or with one the config does not match, the config's own path is used. A cell
    /// whose section the config leaves open (`[*:3]`, `[*:*]`) keeps the config's index, since `anyIndex` only opens rows.
    public static func editing(_ config: KVCConfig, exactPath: ViewPath? = nil) -> ConfigDraft {
        var own = config.viewPath
        if config.profile != .lasso, let concrete = exactPath {
            // A path in an SDK's dialect is edited as the view's lasso path, its innermost row open when the SDK's is.
            own = concrete
            if config.opensLocation,
                let row = own.segments.lastIndex(where: { if case .cell = $0.index { true } else { false } }),
                case .cell(let section, _) = own.segments[row].index
            {
                own.segments[row].index = .cell(section: section, row: nil)
            }
        }
        var exact = own
        if let concrete = exactPath, own.matches(concrete) {
            exact = concrete
            for (position, segment) in own.segments.enumerated() {
                if case .cell(section: nil, row: _) = segment.index { exact.segments[position].index = segment.index }
            }
        }
        let last = config.versions.intervals.last
        var draft = ConfigDraft(
            id: config.id, appKey: config.appKey, viewEvent: config.viewEvent, exactPath: exact,
            anyIndex: own.segments.map { opensLocation($0.index) }, conditions: config.conditions,
            keyPath: config.keyPath, keyName: config.keyName, from: last?.from?.text ?? "",
            until: last?.until?.text ?? "", note: config.note ?? "",
            earlierIntervals: Array(config.versions.intervals.dropLast()))
        draft.original = config
        return draft
    }

    /// True when the index leaves the location open the way `anyIndex` does: `*`, or a cell's row `*`.
    private static func opensLocation(_ index: SegmentIndex) -> Bool {
        switch index {
        case .position(let position): return position == nil
        case .cell(_, let row): return row == nil
        }
    }

    /// The config, or the first thing wrong with the draft (each a case the CLI and the UI word in their own way).
    ///
    /// Key path, key name and note are taken without surrounding spaces; a path made here is written in `profile`'s
    /// notation with its viewId made by `profile`'s hash; a config with no id of its own takes `stamp`'s.
    public func build(profile: PathRules, stamp: DocumentStamp) -> Result<KVCConfig, ConfigDraftProblem> {
        let appKey: String
        switch checkedAppKey() {
        case .success(let key): appKey = key
        case .failure(let problem): return .failure(problem)
        }
        let keyPath = keyPath.trimmingCharacters(in: .whitespaces)
        guard !keyPath.isEmpty else { return .failure(.emptyKeyPath) }
        let keyName = keyName.trimmingCharacters(in: .whitespaces)
        guard SafeName.isSafe(keyName) else { return .failure(.unsafeKeyName(keyName)) }
        let versions: VersionRanges
        switch self.versions() {
        case .success(let made): versions = made
        case .failure(let problem): return .failure(problem)
        }
        let note = trimmedNote
        let path = pattern
        guard var config = original else {
            return .success(
                KVCConfig(
                    id: id ?? stamp.id, appKey: appKey, versions: versions, viewEvent: viewEvent,
                    viewPath: path, notation: profile.notation, hash: profile.hash, conditions: conditions,
                    keyPath: keyPath, keyName: keyName, note: note))
        }
        config.id = id ?? stamp.id
        config.appKey = appKey
        config.versions = versions
        config.viewEvent = viewEvent
        if path != config.viewPath {
            config.viewPath = path
            config.viewPathText = profile.notation.write(path)
            config.viewId = ViewId.make(path, hash: profile.hash)
        }
        if conditions != config.conditions { config.conditions = conditions.sorted { $0.key < $1.key } }
        config.keyPath = keyPath
        config.keyName = keyName
        config.note = note
        return .success(config)
    }

}

/// What keeps a draft from becoming a config: the first problem `ConfigDraft.build` finds.
public enum ConfigDraftProblem: Error, Sendable, Equatable, DraftFieldsProblem {
    /// No app key was given and none is known.
    case noAppKey
    /// The app key cannot be a folder name (it holds `/`, a control character, or starts with `.`).
    case unsafeAppKey(String)
    /// The key path is empty.
    case emptyKeyPath
    /// The key name cannot be part of a file name (empty, `/`, a control character, or a leading `.`).
    case unsafeKeyName(String)
    /// The start version, as typed, is not a version.
    case badFrom(String)
    /// The end version, as typed, is not a version.
    case badUntil(String)
    /// The end version is not after the start version, so no version lies between them.
    case emptyInterval(from: String, until: String)
}
