import LassoDocuments
import LassoSnapshot

/// A snapshot opened on its first views: what works while the rest loads, and taking the whole of it when it comes.
extension AppState {
    /// True (and said) for an action that needs the whole snapshot while only its first views are loaded.
    mutating func waitsForWholeSnapshot(_ action: Action) -> Bool {
        guard let loading, !action.worksWhileLoading else { return false }
        say(.info(loading.waitWords(views: snapshot.count)))
        return true
    }

    /// The whole snapshot came: it takes the place of its first views, the cursor and the folds of those views as
    /// they are; or the file is not valid further on, and the UI closes to say so.
    mutating func snapshotFinished(_ outcome: Result<WholeSnapshot, EffectFailure>) -> [Effect] {
        guard loading != nil else { return [] }
        switch outcome {
        case .failure(let failure):
            loadFailure = failure.message
            shouldQuit = true
            return []
        case .success(let whole):
            let shown = snapshot.count
            table = whole.table
            loading = nil
            outline = outline.keeping(in: whole.table.snapshot)
            geometry = whole.geometry
            appWindows = whole.table.snapshot.appWindows
            sceneCache = CanvasSceneCache()
            matcher = nil
            if settings.sdkProfile != .lasso { _ = ensureMatcher().dialect(settings.sdkProfile) }
            textIndex = whole.texts
            if cursor >= snapshot.count { cursor = 0 }
            keepCursorInView()
            if shown < snapshot.count {
                say(
                    .info(
                        "loaded: all \(GroupedNumber.text(snapshot.count)) views (\(GroupedNumber.text(shown)) were shown while it loaded)"
                    ))
            }
            return countEffects()
        }
    }
}

extension Action {
    /// True for what works on a snapshot's first views while the rest loads: moving, folding, the picture, help,
    /// quitting, and the outcomes of effects; the rest (search, circling, the lists, pushing, folding a whole
    /// subtree) waits for the whole.
    var worksWhileLoading: Bool {
        switch self {
        case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last, .parent, .nextSibling, .previousSibling,
            .expandOrChild, .collapseOrParent, .toggleFold, .expandSubtree, .expandAll, .toggleZoom,
            .magnify, .unmagnify, .togglePicture, .select, .scroll, .clickCanvas, .showHelp, .closeOverlay, .quit,
            .forceQuit, .redraw, .resize, .confirmYes, .confirmNo, .listDown, .listUp:
            return true
        case .loaded, .saved, .deleted, .pushPlanned, .pushSent, .appKeyWritten, .tapsCounted, .serverWritten,
            .stamped, .snapshotFinished, .liveScreen, .liveEchoes, .sentToPhone:
            return true
        // Folding everything below a view would leave the views loaded after it unfolded.
        case .collapseSubtree, .toggleFilter, .startSearch, .nextMatch, .previousMatch, .openCircle, .openConfigs,
            .showNotes, .openHook,
            .undo, .insert, .insertText, .deleteBackward, .deleteForward, .clearField, .cursorLeft, .cursorRight,
            .cursorHome, .cursorEnd, .submit, .nextField, .previousField, .complete, .forceSave, .toggleAnyIndex,
            .keepMajority, .takeSteadyValue, .jumpToConfig, .editConfig, .deleteConfig, .openPush, .applyPush,
            .pruneServerOnly, .nameEvent, .toggleHeatMap:
            return false
        }
    }
}
