import LassoCore

/// Everything the UI shows and remembers: one value, changed only by `reduce`.
public struct AppState: Sendable {
    /// What sits on top of the main screen and takes the keys.
    public enum Overlay: Sendable, Equatable {
        case none
        case search(TextField)
        case help
        case circle(CircleForm)
        case configs(ConfigsList)
        case confirmQuit
        case confirmDelete(configID: String)
        case push(PushPanel)
    }

    /// Work the runner must do outside the reducer (network), then report back with an action.
    public enum Effect: Sendable, Equatable {
        case planPush
        case applyPush
    }

    public let table: PathTable
    public var snapshot: Snapshot { table.snapshot }
    public let settings: ProjectSettings
    public let configsDirectory: ConfigDirectory
    public let geometry: ScreenGeometry
    public var outline: Outline
    public var cursor: Int
    /// The first row on screen.
    public var top: Int
    public var size: Size
    public var overlay: Overlay = .none
    public var searchQuery: String = ""
    public var searchMatches: [Int32] = []
    public var status: String = ""
    public var statusIsError = false
    public var shouldQuit = false
    public var configs: [ConfigDirectory.Entry] = []
    /// Set by the reducer, taken and done by the runner.
    public var pendingEffect: Effect?
    /// Built the first time a form or the configs list needs it.
    public var matcher: PathMatcher?
    /// The app version configs made here start from.
    public var appVersion: String? { snapshot.app.version }
    public var appKey: String? { settings.appKey ?? snapshot.app.key }

    public init(table: PathTable, settings: ProjectSettings, configsDirectory: ConfigDirectory, size: Size) {
        self.table = table
        self.settings = settings
        self.configsDirectory = configsDirectory
        self.size = size
        geometry = ScreenGeometry(table.snapshot)
        outline = Outline(table.snapshot)
        cursor = 0
        top = 0
        // Open on the first page's views: the first page that holds no other page.
        let snapshot = table.snapshot
        let pages = snapshot.indices.filter { snapshot.isPageRoot($0) }
        let leafPage = pages.first { page in !pages.contains { $0 > page && $0 < snapshot.subtreeEnd(of: page) } }
        if let page = leafPage ?? pages.first {
            cursor = page
            // Fold the other pages' subtrees so that this one is in sight, deep trees no deeper than needed.
            for other in pages where other != page && !(other < page && page < snapshot.subtreeEnd(of: other)) {
                outline.setFolded(other, true)
            }
        }
        outline.reveal(cursor)
        top = outline.advance(cursor, by: -2)
        configs = (try? configsDirectory.load()) ?? []
    }

    /// Rows the outline pane has for views.
    public var outlineRows: Int { Layout(size).outline.height - 2 }

    public var isTooSmall: Bool { size.width < Layout.minimumWidth || size.height < Layout.minimumHeight }

    /// The matcher, made on first use (it indexes every view).
    public mutating func ensureMatcher() -> PathMatcher {
        if let matcher { return matcher }
        let made = PathMatcher(table)
        matcher = made
        return made
    }

    /// The configs of this app.
    public var appConfigs: [ConfigDirectory.Entry] {
        configs.filter { appKey == nil || $0.config.appKey == appKey }
    }
}

/// The push panel: what the server would get (the plan) or what it got (the result).
public struct PushPanel: Sendable, Equatable {
    public var lines: [String]
    /// True while the runner talks to the server.
    public var busy: Bool
    /// True when the plan has changes that Enter would send.
    public var canApply: Bool
    public var failed: Bool
    public init(lines: [String], busy: Bool, canApply: Bool = false, failed: Bool = false) {
        self.lines = lines
        self.busy = busy
        self.canApply = canApply
        self.failed = failed
    }
}

/// The configs list overlay: this app's configs, the selected row, and which match on this screen.
public struct ConfigsList: Sendable, Equatable {
    public var selected = 0
    /// For each config (by id), the views it matches on this screen.
    public var matches: [String: [Int]]
}
