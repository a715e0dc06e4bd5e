import LassoCore

/// Everything the UI shows and remembers: one value, changed only by `reduce`, read by everything else.
public struct AppState: Sendable {
    /// What sits on top of the main screen and takes the keys.
    public enum Overlay: Sendable, Equatable {
        case none
        case search(TextField)
        case help
        case circle(CircleForm)
        case configs(ConfigsList)
        case confirmQuit
        case confirmDiscard
        case confirmDelete(configID: String)
        /// The person circled a view no touch event applies to: circle `suggested` (an ancestor that takes one)?
        case confirmRetarget(pointed: Int, suggested: Int)
        case push(PushPanel)
    }

    public let table: PathTable
    public var snapshot: Snapshot { table.snapshot }
    public let settings: ProjectSettings
    /// The configs folder, as the person named it (shown, never opened here).
    public let configsFolder: String
    public let geometry: ScreenGeometry
    public internal(set) var outline: Outline
    public internal(set) var cursor: Int
    /// The first row on screen.
    public internal(set) var top: Int
    public internal(set) var size: Size
    public internal(set) var overlay: Overlay = .none
    public internal(set) var searchQuery: String = ""
    public internal(set) var searchMatches: [Int32] = []
    /// The row the cursor was on when the search prompt opened: where the search starts, and where Esc goes back to.
    public internal(set) var searchOrigin = 0
    /// What a question (quit, discard, delete) was asked over: a "no" goes back to it.
    public internal(set) var underQuestion: Overlay = .none
    /// What the status line says, if anything.
    public internal(set) var message: Message?
    public internal(set) var shouldQuit = false
    /// The configs of the folder, as the runner last read them.
    public internal(set) var configs: [ConfigDirectory.Entry] = []
    /// The files of the configs folder that could not be read, with what is wrong with each.
    public internal(set) var brokenConfigs: [ConfigListing.Problem] = []
    /// What the last save said, for the line printed after the UI closes.
    public internal(set) var lastSave: String?
    /// Built the first time a form or the configs list needs it.
    public internal(set) var matcher: PathMatcher?
    /// The app version configs made here start from.
    public var appVersion: String? { snapshot.app.version }
    public var appKey: String? { settings.appKey ?? snapshot.app.key }
    /// The status line's text ("" when it says nothing).
    public var status: String { message?.text ?? "" }

    /// A state on the first page of `table`; `notes` (what an import could not know) go to the status line.
    public init(table: PathTable, settings: ProjectSettings, configsFolder: String, size: Size, notes: [String] = []) {
        self.table = table
        self.settings = settings
        self.configsFolder = configsFolder
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
        if !notes.isEmpty { message = .info("imported: " + notes.joined(separator: " · ")) }
    }

    /// What the runner must do before the first key: read the configs folder.
    public var startEffects: [Effect] { [.loadConfigs] }

    /// Rows the outline pane has for views.
    public var outlineRows: Int { Layout(size).outline.height - 2 }

    public var isTooSmall: Bool { size.width < Layout.minimumWidth || size.height < Layout.minimumHeight }

    /// The matcher, made on first use (it indexes every view).
    mutating func ensureMatcher() -> PathMatcher {
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
