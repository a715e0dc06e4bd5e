import LassoCounting
import LassoDocuments

/// Every change the UI can make: keys, clicks, resizes and the outcomes of effects become actions, and `reduce` is
/// the only place they act.
public enum Action: Sendable, Equatable {
    // Outline
    case moveDown, moveUp, pageDown, pageUp, first, last
    case parent, nextSibling, previousSibling
    case expandOrChild, collapseOrParent, toggleFold, expandSubtree, collapseSubtree, expandAll
    case toggleFilter, toggleZoom
    /// The canvas magnified around the highlighted view one step more (`+`), or one less (`-`).
    case magnify, unmagnify
    case togglePicture
    case select(node: Int)
    case scroll(rows: Int)
    case clickCanvas(x: Int, y: Int)
    // Search
    case startSearch, nextMatch, previousMatch
    // Overlays
    case openCircle, openConfigs, showHelp, showNotes, closeOverlay
    /// Opens the "hook its action" form on the cursor's view.
    case openHook
    // Undo the last save, edit or delete
    case undo
    case quit, forceQuit, redraw
    case resize(Size)
    // Text input (search prompt, form fields)
    case insert(Character)
    /// Characters typed in one go, faster than the screen is drawn (a paste): inserted at once, as one edit.
    case insertText(String)
    case deleteBackward, deleteForward, clearField, cursorLeft, cursorRight, cursorHome, cursorEnd
    case submit
    // Circle form
    case nextField, previousField, complete, forceSave, toggleAnyIndex, keepMajority, takeSteadyValue
    // Configs list
    case listDown, listUp, jumpToConfig, editConfig, deleteConfig
    // Confirmation
    case confirmYes, confirmNo
    // Push to the config server
    case openPush, applyPush, pruneServerOnly
    // Named events and the numbers on the screen
    case nameEvent, toggleHeatMap
    // Outcomes of effects, from the runner
    /// A fresh reading of one kind of document.
    case loaded(StoredListing)
    /// A document of `kind` was saved, or why not.
    case saved(DocumentKind, Result<SavedDocument, EffectFailure>)
    /// A document of `kind` was deleted, or why not.
    case deleted(DocumentKind, Result<DeletedDocument, EffectFailure>)
    case pushPlanned(Result<PushReply, EffectFailure>)
    case pushSent(Result<PushReply, EffectFailure>)
    /// The settings as the file holds them after the app key was written there.
    case appKeyWritten(Result<ProjectSettings, EffectFailure>)
    case tapsCounted(Result<TapCounts, EffectFailure>)
    case serverWritten(Result<ProjectSettings, EffectFailure>)
    /// The id and time the next new document takes, from the effect runner.
    case stamped(DocumentStamp)
    /// The whole snapshot, loaded after its first views were shown, or why it could not be.
    case snapshotFinished(Result<WholeSnapshot, EffectFailure>)
    /// A newer screen from the phone (nil: none came while the server waited), or why the server could not say.
    case liveScreen(Result<LiveScreenSummary?, EffectFailure>)
    /// The events the phone echoed, or why the server could not say.
    case liveEchoes(Result<[LiveEchoSummary], EffectFailure>)
    /// A config went to the phone (its key name), or why not.
    case sentToPhone(Result<String, EffectFailure>)
}
