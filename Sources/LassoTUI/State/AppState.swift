import LassoCounting
import LassoDocuments
import LassoSnapshot

/// Everything the UI shows and remembers: one value, changed only by `reduce`, read by everything else.
public struct AppState: Sendable {
    /// What sits on top of the main screen and takes the keys.
    public enum Overlay: Sendable, Equatable {
        case none
        case search(TextField)
        case help
        case circle(CircleForm)
        /// The "hook its action" form.
        case hook(HookForm)
        case configs(ConfigsList)
        case confirmQuit
        case confirmDiscard
        /// "Delete this config (named event, hook config)?"
        case confirmDelete(DocumentKind, id: String)
        /// The person circled a view no touch event applies to: circle `suggested` (an ancestor that takes one)?
        case confirmRetarget(pointed: Int, suggested: Int)
        case push(PushPanel)
        /// What the import could not know, and what it means for the configs made here; the first row shown.
        case notes(top: Int)
        /// A config's versions and note, edited without a view (it matches none on this screen).
        case versions(VersionsForm)
        /// "Delete the 2 that are only on the server?" (configs, event definitions, …), asked over the push panel.
        case confirmPrune(count: Int)
        /// A config file changed, vanished or appeared on disk since the UI read it: go ahead over it?
        case confirmOverwrite(ChangedOnDisk)
        /// "Which app is this screen of?", asked when no app key is known.
        case askApp(AppQuestion)
        /// The person circled a view a config already matches: edit that config, or make a new one?
        case confirmEditExisting(node: Int, configID: String)
        /// "Name an event here": a named event definition's form.
        case event(EventForm)

        /// A question asked over what was open, which stays in `underQuestion` (drawn under it, and back when it is
        /// answered): the one list the renderer and the layout read.
        public var isQuestion: Bool {
            switch self {
            case .confirmQuit, .confirmDiscard, .confirmDelete, .confirmPrune, .confirmOverwrite, .askApp:
                true
            case .none, .search, .help, .circle, .hook, .configs, .confirmRetarget, .push, .notes, .versions,
                .confirmEditExisting, .event:
                false
            }
        }
    }

    /// The snapshot and its paths: its first views while the rest loads (`loading`), then the whole of it.
    public internal(set) var table: PathTable
    /// Set while the UI shows a snapshot's first views and the rest of its file loads (`Effect.finishLoading`).
    public var loading: SnapshotLoading?
    /// Why the rest of the snapshot could not be loaded (the file is not valid further on): the UI closes, and the
    /// command says it.
    public internal(set) var loadFailure: String?
    /// Of a dump with several windows, the app's (its SDK sees no other); nil when every window is the app's.
    public internal(set) var appWindows: Set<Int>?
    public var snapshot: Snapshot { table.snapshot }
    /// The project's settings: an app key the person gives when asked is written to `lasso.json` and taken here.
    public internal(set) var settings: ProjectSettings
    /// The configs folder, as the person named it (shown, never opened here).
    public let configsFolder: String
    public internal(set) var geometry: ScreenGeometry
    /// The canvas's last scene, kept while what it is made from is the same (`CanvasScene.of`).
    var sceneCache = CanvasSceneCache()
    public internal(set) var outline: Outline
    public internal(set) var cursor: Int
    /// The first row on screen.
    public internal(set) var top: Int
    public internal(set) var size: Size
    public internal(set) var overlay: Overlay = .none
    public internal(set) var searchQuery: String = ""
    /// The first line of the `?` screen shown.
    public internal(set) var helpTop = 0
    /// The list the `?` screen was opened over (the configs list), back as it was when the help closes.
    public internal(set) var underHelp: Overlay = .none
    /// The views the search query matches, in pre-order; nil while a query that matches is typed into the prompt of
    /// a snapshot too big to count on every key (`searchCountLimit`): they are counted when the query is kept.
    public internal(set) var searchMatches: [Int32]? = []
    /// Snapshots of up to this many views are searched whole on every key typed into the prompt (a few
    /// milliseconds, 200,000 views); a bigger one only for its first match, whose cost is the way to it, and its
    /// matches are counted when the query is kept with Enter.
    public var searchCountLimit = 200_000
    /// The row the cursor was on when the search prompt opened: where the search starts, and where Esc goes back to.
    public internal(set) var searchOrigin = 0
    /// What a question (quit, discard, delete) was asked over: a "no" goes back to it.
    public internal(set) var underQuestion: Overlay = .none
    /// What the status line says, if anything.
    public internal(set) var message: Message?
    public internal(set) var shouldQuit = false
    /// True while the canvas is shown full screen.
    public internal(set) var canvasZoomed = false
    /// How many times the canvas magnifies the screen around the highlighted view (`+`/`-`): 1, 2, 4 or 8.
    public internal(set) var canvasMagnification = 1
    /// True while the circle form's place shows the canvas instead (Ctrl-O), where the two do not fit side by side.
    public internal(set) var formShowsCanvas = false
    /// The views that a config of this app matches on this screen, worked out when the configs are read.
    public internal(set) var configuredViews: Set<Int> = []
    /// For each config of this app (by id), the views it matches on this screen.
    public internal(set) var configMatches: [String: [Int]] = [:]
    /// The configs of the folder, as the runner last read them.
    public internal(set) var configs: [ConfigDirectory.Entry] = []
    /// The files of the configs folder that could not be read, with what is wrong with each.
    public internal(set) var brokenConfigs: [FolderProblem] = []
    /// The named event definitions of the folder, as the runner last read them.
    public internal(set) var definitions: [EventDirectory.Entry] = []
    /// The definition files that could not be read, with what is wrong with each.
    public internal(set) var brokenDefinitions: [FolderProblem] = []
    /// The hook configs of the folder, as the runner last read them.
    public internal(set) var hooks: [HookDirectory.Entry] = []
    /// The hook config files that could not be read, with what is wrong with each.
    public internal(set) var brokenHooks: [FolderProblem] = []
    /// For each definition of this app (by id), the views its location matches on this screen.
    public internal(set) var definitionMatches: [String: [Int]] = [:]
    /// The SDK's logs to count (`lasso open --log`); empty: no numbers on the screen.
    public internal(set) var logs: [String] = []
    /// The last counts of the logs, shown until a new count replaces them.
    public internal(set) var counts: TapCounts?
    /// True while the logs are counted.
    public internal(set) var counting = false
    /// Set when configs or definitions changed during a count: count again when it ends.
    var recountPending = false
    /// The configs and definitions the last count was started for.
    var countedConfigs: [KVCConfig]?
    var countedDefinitions: [EventDefinition]?
    /// Why the last count failed, if it did.
    public internal(set) var countFailure: String?
    /// True while the canvas colours views by their taps.
    public internal(set) var heatMap = false
    /// What the last save said, for the line printed after the UI closes.
    public internal(set) var lastSave: String?
    /// What `undo` would do: put back the config as it was before the last save, edit or delete.
    public internal(set) var undoStep: UndoStep?
    /// True while the runner does an undo, so that its answer is not itself remembered as a change.
    public internal(set) var undoing = false
    /// What the import could not know (empty for a lasso snapshot).
    public let importNotes: [String]
    /// Why the snapshot's screenshot is not drawn, or nil.
    public let screenshotNote: String?
    /// What `i` shows: why the screenshot is not drawn, then what the import could not know.
    public var screenNotes: [String] { (screenshotNote.map { [$0] } ?? []) + importNotes }
    /// The snapshot's screenshot, when it has one that decoded and fits the screen (and the terminal has colours).
    public internal(set) var picture: PictureState?
    /// Built the first time a form or the configs list needs it.
    public internal(set) var matcher: ScreenMatcher?
    /// Every view's texts in one buffer, built when the search prompt first opens, so each key typed is one scan.
    public internal(set) var textIndex: TextIndex?
    /// The app version the person gave when asked, for a screen that names none.
    public internal(set) var answeredVersion: String?
    /// What the status line adds to the next save's words (that `lasso.json` was written).
    var pendingSaveNote: String?
    /// True when no config server is known (`server` of lasso.json): the push panel asks for its address first.
    public var needsServer = false
    /// The id and time the next document made in the UI takes: given at start and after each document is made
    /// (`Effect.freshStamp`), so that building a draft, here or in a pane, is a pure function of the state.
    public var nextStamp: DocumentStamp
    /// True when no write token is known (`LASSO_TOKEN`, the user's token store): the push panel asks for one first.
    public var needsToken = false
    /// Where a token given to the push panel is kept, to say so (the runner's `TokenStore`).
    public var tokenFile: String?
    /// The phone the UI follows (`lasso open --live`); nil for a snapshot file.
    public var live: LiveFollow?
    /// The folder lasso runs in (set by the command that opens the UI): paths under it are said relative to it.
    public var workingFolder = ""
    /// The app version configs made here start from.
    public var appVersion: String? { answeredVersion ?? snapshot.app.version }
    /// The app this screen is of: the one the snapshot names (`--app-key` names it too), else lasso.json's `appKey`.
    public var appKey: String? { snapshot.app.key ?? settings.appKey }
    /// The app key when it can name a folder (a config is filed under it), else nil.
    public var usableAppKey: String? { appKey.flatMap { SafeName.isSafe($0) ? $0 : nil } }
    /// The status line's text ("" when it says nothing).
    public var status: String { message?.text ?? "" }

    /// A state on the first page of `table`; `notes` (what an import could not know) go to the status line, and so
    /// does `screenshotNote` (why a screenshot is not drawn); `screenshot` is drawn under the frames, as the
    /// terminal's own pixels when `pixels`, else in half blocks.
    public init(
        table: PathTable, settings: ProjectSettings, configsFolder: String, size: Size, notes: [String] = [],
        screenshot: RGBImage? = nil, pixels: Bool = false, screenshotNote: String? = nil, logs: [String] = [],
        stamp: DocumentStamp = .fresh()
    ) {
        self.table = table
        nextStamp = stamp
        self.logs = logs
        self.settings = settings
        self.configsFolder = configsFolder
        self.size = size
        importNotes = notes
        self.screenshotNote = screenshotNote
        geometry = ScreenGeometry(table.snapshot)
        outline = Outline(table.snapshot)
        appWindows = table.snapshot.appWindows
        cursor = 0
        top = 0
        // Open on the first page's views: the first page that holds no other page.
        let snapshot = table.snapshot
        let pages = snapshot.indices.filter { snapshot.isPageRoot($0) }
        let leafPage = pages.first { page in !pages.contains { $0 > page && $0 < snapshot.subtreeEnd(of: page) } }
        if leafPage == nil && pages.isEmpty && table.documentRoot {
            // A dump's element above its windows (uiautomator's <hierarchy>, an iOS dump's UIApplication) is no view:
            // open on the app's first window, where the paths start.
            cursor = snapshot.numberedWindows.first ?? 1
        }
        if let page = leafPage ?? pages.first {
            cursor = page
            // Fold the other pages' subtrees so that this one is in sight, deep trees no deeper than needed.
            for other in pages where other != page && !(other < page && page < snapshot.subtreeEnd(of: other)) {
                outline.setFolded(other, true)
            }
        }
        outline.reveal(cursor)
        top = outline.advance(cursor, by: -2)
        if !notes.isEmpty {
            let count = notes.count == 1 ? "1 note" : "\(notes.count) notes"
            // The longest words that fit the status line whole.
            let long =
                "imported with \(count) on what the dump could not say: press \(KeyHint.showNotes.key) to read what it means for your configs"
            message = .warning(
                CharWidth.fitting(
                    [long, "imported with \(count) on what the dump could not say: press \(KeyHint.showNotes.key)"],
                    in: size.width))
        }
        if let screenshotNote {
            // A reason longer than the status line is left to `i`, which shows it whole, with what to do.
            let whole =
                screenshotNote + (notes.isEmpty ? "" : " · \(KeyHint.showNotes.key): what the import could not know")
            message = .warning(
                CharWidth.fitting(
                    [
                        whole,
                        "the screenshot is not drawn: press \(KeyHint.showNotes.key) to read why"
                            + (notes.isEmpty ? "" : " and the import's notes"),
                    ], in: size.width))
        }
        if let screenshot {
            picture = PictureState(image: screenshot, pixels: pixels)
            fitPicture()
        }
        // With an SDK's profile the Details pane shows the path that SDK sends: its dialect is made once, here.
        if settings.sdkProfile != .lasso { _ = ensureMatcher().dialect(settings.sdkProfile) }
    }

    /// Scales the screenshot to the canvas when its size changed: once per size, never per key.
    mutating func fitPicture() {
        let canvas = PictureState.canvas(layout)
        let viewport = canvasViewport
        picture?.fit(canvas, screen: geometry.screen, viewport: viewport)
    }

    /// What the runner must do before the first key: read the configs folder.
    public var startEffects: [Effect] {
        Self.readFolder + (loading == nil ? [] : [.finishLoading])
            + (live.map {
                [
                    .followLive(app: $0.app, after: $0.after),
                    .followEchoes(pairing: $0.screen.pairing, after: $0.echoSeq),
                ]
            } ?? [])
    }

    /// Reading every kind of document in the configs folder again.
    static let readFolder = DocumentKind.allCases.map(Effect.load)

    /// Rows the outline pane has for views.
    public var outlineRows: Int { layout.outline.height - 2 }

    /// Where the panes go now: the canvas takes the whole body while zoomed, unless a panel (form, configs, push)
    /// is open beside it.
    public var layout: Layout {
        let zoomable: Bool
        switch overlay {
        case .circle, .configs, .push, .event: zoomable = false
        case let question where question.isQuestion:
            // Zoomed only when nothing but the screen is under the question.
            if case .none = underQuestion { zoomable = true } else { zoomable = false }
        default: zoomable = true
        }
        return Layout(size, screen: geometry.screen, zoomed: canvasZoomed && zoomable)
    }

    public var isTooSmall: Bool { size.width < Layout.minimumWidth || size.height < Layout.minimumHeight }

    /// The matcher, made on first use (it indexes every view).
    mutating func ensureMatcher() -> ScreenMatcher {
        if let matcher { return matcher }
        let made = ScreenMatcher(table)
        matcher = made
        return made
    }

    /// The names of the configs only the server has, from the push panel a question was asked over.
    var pushPanelServerOnly: [String] {
        if case .push(let panel) = underQuestion { return panel.serverOnlyNames }
        return []
    }

    /// The configs of this app.
    public var appConfigs: [ConfigDirectory.Entry] {
        configs.filter { appKey == nil || $0.config.appKey == appKey }
    }

    /// The named event definitions of this app.
    public var appDefinitions: [EventDirectory.Entry] {
        definitions.filter { appKey == nil || $0.definition.appKey == appKey }
    }

    /// Every file of the configs folder that could not be read, of any kind.
    public var brokenDocuments: [FolderProblem] { brokenConfigs + brokenDefinitions + brokenHooks }

    /// The hook configs of this app.
    public var appHooks: [HookDirectory.Entry] {
        hooks.filter { appKey == nil || $0.config.appKey == appKey }
    }

    /// The documents of `kind` as the runner last read them, whatever the kind.
    func stored(_ kind: DocumentKind) -> [StoredEntry] {
        switch kind {
        case .config: configs.map(\.stored)
        case .event: definitions.map(\.stored)
        case .hook: hooks.map(\.stored)
        }
    }
}

/// The push panel: what the server would get (the plan) or what it got (the result).
public struct PushPanel: Sendable, Equatable {
    public var lines: [String]
    /// True while the runner talks to the server.
    public var busy: Bool
    /// The plan Enter sends: carried here, in the state, from the answer that showed it to the effect that sends it.
    public var plan: PushPlan?
    /// True when the plan has changes that Enter would send.
    public var canApply: Bool { plan != nil }
    public var failed: Bool
    /// Configs only the server has, which `x` offers to delete there.
    public var serverOnly: Int
    /// How those configs are named, for the question that deletes them.
    public var serverOnlyNames: [String]
    public init(
        lines: [String], busy: Bool, plan: PushPlan? = nil, failed: Bool = false, serverOnly: Int = 0,
        serverOnlyNames: [String] = []
    ) {
        self.lines = lines
        self.busy = busy
        self.plan = plan
        self.failed = failed
        self.serverOnly = serverOnly
        self.serverOnlyNames = serverOnlyNames
    }
}

/// The configs list overlay: this app's configs and then its named events, the selected row (configs first, then
/// events), and which configs match on this screen.
public struct ConfigsList: Sendable, Equatable {
    public var selected = 0
    /// For each config (by id), the views it matches on this screen.
    public var matches: [String: [Int]]
}

extension AppState {
    /// Whose the window `node` sits in is when that window is not the app's (the status bar's, the launcher's, the
    /// keyboard's), else nil.
    public func foreignWindowName(of node: Int) -> String? {
        guard let app = appWindows, let window = snapshot.documentWindow(of: node), !app.contains(window) else {
            return nil
        }
        return snapshot.foreignWindowName(of: window)
    }
}
