import LassoDocuments

/// How the state answers input: keys through the keymap, clicks by place, resizes and effect outcomes as actions.
extension AppState {
    /// The context that has the keys now.
    public var keyContext: Keymap.Context {
        if isTooSmall { return .tooSmall }
        switch overlay {
        case .none: return .outline
        case .search: return .search
        case .help: return .help
        case .circle: return .circle
        case .hook: return .hook
        case .configs: return .configs
        case .confirmQuit, .confirmDiscard, .confirmDelete: return .confirm
        case .event: return .event
        case .confirmRetarget: return .retarget
        case .askApp: return .appQuestion
        case .confirmEditExisting: return .existing
        case .push: return .push
        case .notes: return .notes
        case .versions: return .versions
        case .confirmPrune, .confirmOverwrite: return .confirm
        }
    }

    /// Turns one input event into actions, applies them, and returns the effects they ask for.
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> [Effect] {
        switch event {
        case .resize(let size):
            return reduce(.resize(size))
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .key(let key):
            if let action = textAction(for: key) { return reduce(action) }
            if let action = Keymap.action(for: key, in: keyContext) { return reduce(action) }
            return []
        }
    }

    /// Printable characters typed into the search prompt or a form's text field.
    func textAction(for key: Key) -> Action? {
        guard case .char(let character) = key, !isTooSmall else { return nil }
        switch overlay {
        case .search: return .insert(character)
        case .circle(let form) where form.field.isText: return .insert(character)
        case .event(let form) where form.field.isText: return .insert(character)
        case .hook(let form) where form.field.isText: return .insert(character)
        case .versions: return .insert(character)
        case .askApp: return .insert(character)
        default: return nil
        }
    }

    private mutating func handleMouse(_ mouse: MouseEvent) -> [Effect] {
        guard !isTooSmall else { return [] }
        let layout = self.layout
        switch mouse {
        case .press(let x, let y):
            guard overlay == .none else { return [] }
            if layout.outline.contains(x: x, y: y), y > layout.outline.y,
                y < layout.outline.y + layout.outline.height - 1
            {
                let node = outline.advance(top, by: y - layout.outline.y - 1)
                if outline.distance(from: top, to: node, limit: outlineRows) == y - layout.outline.y - 1 {
                    return reduce(.select(node: node))
                }
            } else if layout.canvas.contains(x: x, y: y) {
                return reduce(.clickCanvas(x: x - layout.canvas.x, y: y - layout.canvas.y))
            }
            return []
        case .wheelUp(let x, let y):
            if layout.outline.contains(x: x, y: y) || overlay == .none { return reduce(.scroll(rows: -3)) }
            return []
        case .wheelDown(let x, let y):
            if layout.outline.contains(x: x, y: y) || overlay == .none { return reduce(.scroll(rows: 3)) }
            return []
        }
    }

    /// The one place where the state changes; returns the work (disk, network, terminal) it needs done.
    @discardableResult
    public mutating func reduce(_ action: Action) -> [Effect] {
        var effects = reduceAction(action)
        // A screen the phone moved to while a form was open opens once nothing is open.
        effects += followLiveIfDue()
        // Magnified, the picture follows the highlighted view: scaled again when its window moved.
        if canvasMagnification > 1 { fitPicture() }
        if TextField.types(action), let field = typingField, field.refused > 0 {
            say(
                .warning(
                    "the field is full: it holds at most \(TextField.maximumLength) characters, so the last \(field.refused) typed were left out"
                ))
        }
        return effects
    }

    private mutating func reduceAction(_ action: Action) -> [Effect] {
        if waitsForWholeSnapshot(action) { return [] }
        switch action {
        case .resize(let newSize):
            size = newSize
            keepCursorInView()
            fitPicture()
            return []
        case .togglePicture:
            guard picture != nil else {
                say(.info("this snapshot has no screenshot to show"))
                return []
            }
            picture?.shown.toggle()
            fitPicture()
            say(.info(picture?.shown == true ? "showing the screenshot" : "showing the frames alone"))
            return []
        case .redraw:
            message = nil
            return [.repaint]
        case .quit:
            // A question asked over a form is put away first, so that "no" to quitting goes back to the form.
            if case .askApp = overlay { answerNo() }
            if hasUnsavedForm {
                ask(.confirmQuit)
            } else {
                shouldQuit = true
            }
            return []
        case .forceQuit:
            shouldQuit = true
            return []
        case .closeOverlay:
            return closeOverlay()
        case .showHelp:
            // Over the configs list, the help opens at the list's keys, and Esc goes back to the list.
            if case .configs = overlay {
                underHelp = overlay
                helpTop = HelpScreen.top(of: .configs, width: size.width, height: size.height)
            } else {
                underHelp = .none
                helpTop = 0
            }
            overlay = .help
            return []
        case .loaded(let listing):
            take(listing)
            switch listing.kind {
            case .config:
                if case .configs(var list) = overlay {
                    list.matches = configMatches
                    overlay = .configs(list)
                }
                return []
            case .event: return countEffects()
            case .hook: return []
            }
        case .saved(let kind, let outcome):
            let effects: [Effect]
            switch kind {
            case .config: effects = configSaved(outcome)
            case .event: effects = definitionSaved(outcome)
            case .hook: effects = hookSaved(outcome)
            }
            guard case .success = outcome else { return effects }
            // A document was made with the stamp: the next one needs its own; the numbers follow the folder.
            return effects + (kind == .hook ? [] : countEffects()) + [.freshStamp]
        case .stamped(let stamp):
            nextStamp = stamp
            return []
        case .snapshotFinished(let outcome):
            return snapshotFinished(outcome)
        case .liveScreen(let outcome):
            return liveScreen(outcome)
        case .liveEchoes(let outcome):
            return liveEchoes(outcome)
        case .sentToPhone(let outcome):
            return sentToPhone(outcome)
        case .deleted(_, let outcome):
            return documentDeleted(outcome)
        case .pushPlanned(let outcome), .pushSent(let outcome):
            return pushAnswered(outcome, sent: { if case .pushSent = action { return true } else { return false } }())
        case .appKeyWritten(let outcome):
            return appKeyWritten(outcome)
        case .tapsCounted(let outcome):
            return tapsCounted(outcome)
        case .toggleHeatMap:
            toggleHeatMap()
            return []
        case .serverWritten(let outcome):
            return serverWritten(outcome)
        // What these mean depends on what is open: the overlay's reducer below answers them. Listed one by one, so
        // that a new action does not compile until it is given a place.
        case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last, .parent, .nextSibling, .previousSibling,
            .expandOrChild, .collapseOrParent, .toggleFold, .expandSubtree, .collapseSubtree, .expandAll, .toggleFilter,
            .toggleZoom, .magnify, .unmagnify, .select, .scroll, .clickCanvas, .startSearch, .nextMatch, .previousMatch,
            .openCircle,
            .openHook, .openConfigs, .showNotes, .undo, .insert, .insertText, .deleteBackward, .deleteForward,
            .clearField,
            .cursorLeft,
            .cursorRight, .cursorHome, .cursorEnd, .submit, .nextField, .previousField, .complete, .forceSave,
            .toggleAnyIndex, .keepMajority, .takeSteadyValue, .listDown, .listUp, .jumpToConfig, .editConfig,
            .deleteConfig, .confirmYes,
            .confirmNo,
            .openPush, .applyPush, .pruneServerOnly, .nameEvent:
            break
        }
        switch overlay {
        case .none:
            return reduceOutline(action)
        case .search(var field):
            // The overlay lets go of the field, so that typing changes its text in place rather than a copy of it.
            overlay = .none
            return reduceSearch(action, &field)
        case .circle(var form):
            return reduceCircle(action, &form)
        case .event(var form):
            return reduceEvent(action, &form)
        case .hook(var form):
            return reduceHook(action, &form)
        case .configs(var list):
            return reduceConfigs(action, &list)
        case .confirmQuit:
            if action == .confirmYes { shouldQuit = true }
            if action == .confirmNo { answerNo() }
            return []
        case .confirmDiscard:
            if action == .confirmYes {
                if case .versions = underQuestion {
                    overlay = .configs(ConfigsList(matches: configMatches))
                } else if case .event(let form) = underQuestion, form.openedFromList {
                    overlay = .configs(ConfigsList(matches: configMatches))
                } else {
                    overlay = .none
                }
                underQuestion = .none
                say(.info("the form was closed without saving"))
            }
            if action == .confirmNo { answerNo() }
            return []
        case .confirmDelete(let kind, let id):
            if action == .confirmYes { return delete(kind, id: id) }
            if action == .confirmNo { answerNo() }
            return []
        case .confirmOverwrite(let changed):
            if action == .confirmYes {
                overlay = underQuestion
                underQuestion = .none
                return changed.goAhead.map { [$0] } ?? Self.readFolder
            }
            if action == .confirmNo { return keepWhatIsOnDisk(changed) }
            return []
        case .confirmPrune:
            if action == .confirmYes {
                underQuestion = .none
                overlay = .push(PushPanel(lines: ["Reading the server's configs…"], busy: true))
                return [.planPush(appKey: appKey, prune: true)]
            }
            if action == .confirmNo { answerNo() }
            return []
        case .notes(let top):
            switch action {
            case .listDown: overlay = .notes(top: min(top + 1, max(0, screenNotes.count * 6)))
            case .listUp: overlay = .notes(top: max(0, top - 1))
            default: break
            }
            return []
        case .versions(var form):
            return reduceVersions(action, &form)
        case .askApp(var question):
            return reduceAppQuestion(action, &question)
        case .confirmEditExisting(let node, let configID):
            answerEditExisting(action, node: node, configID: configID)
            return []
        case .confirmRetarget(let pointed, let suggested):
            if action == .confirmYes || action == .confirmNo {
                overlay = .none
                let node = action == .confirmYes ? suggested : pointed
                reveal(node)
                openCircle(on: node)
            }
            return []
        case .push(var panel):
            return reducePush(action, &panel)
        case .help:
            let rows = max(1, size.height - 3)
            let last = HelpScreen.lastTop(width: size.width, height: size.height)
            switch action {
            case .listDown: helpTop = min(helpTop + 1, last)
            case .listUp: helpTop = max(0, helpTop - 1)
            case .pageDown: helpTop = min(helpTop + rows, last)
            case .pageUp: helpTop = max(0, helpTop - rows)
            default: break
            }
            return []
        }
    }

    private mutating func closeOverlay() -> [Effect] {
        switch overlay {
        case .confirmQuit, .confirmDiscard, .confirmDelete, .confirmPrune:
            answerNo()
        case .confirmOverwrite(let changed):
            return keepWhatIsOnDisk(changed)
        case .confirmRetarget, .confirmEditExisting:
            overlay = .none
        case .askApp(let question):
            answerNo()
            if question.kind == .server {
                say(.warning("nothing was pushed: the push needs the config server's address"))
            } else if question.releaseOnly {
                say(
                    .warning("nothing was saved: a config starts from the release its screen is of, so lasso needs one")
                )
            } else {
                say(.warning("nothing was saved: configs are filed under the app key, so lasso needs one"))
            }
        case .circle(let form) where form.changed:
            ask(.confirmDiscard)
        case .hook(let form) where form.changed:
            ask(.confirmDiscard)
        case .versions(let form) where form.changed:
            ask(.confirmDiscard)
        case .event(let form) where form.changed:
            ask(.confirmDiscard)
        case .event(let form):
            overlay = form.openedFromList ? .configs(ConfigsList(matches: configMatches)) : .none
        case .versions:
            overlay = .configs(ConfigsList(matches: configMatches))
        case .search:
            cancelSearch()
        case .help:
            overlay = underHelp
            underHelp = .none
            if case .configs(var list) = overlay {
                list.matches = configMatches
                overlay = .configs(list)
            }
        case .none, .circle, .hook, .configs, .push, .notes:
            overlay = .none
        }
        return []
    }

    /// True when a form with changes is open (or under a question): quitting asks first.
    var hasUnsavedForm: Bool {
        for shown in [overlay, underQuestion] {
            if case .circle(let form) = shown, form.changed { return true }
            if case .hook(let form) = shown, form.changed { return true }
            if case .versions(let form) = shown, form.changed { return true }
            if case .event(let form) = shown, form.changed { return true }
        }
        return false
    }

    /// The open circle form's preview (also while a question is asked over the form).
    public var formPreview: FormPreview? {
        for shown in [overlay, underQuestion] {
            if case .circle(let form) = shown { return form.preview }
        }
        return nil
    }

    /// The views the open form (circle or event) matches, for the canvas to mark (also under a question).
    public var formMatchedViews: [Int] {
        for shown in [overlay, underQuestion] {
            if case .circle(let form) = shown { return form.preview.matchedViews }
            if case .event(let form) = shown { return form.matchedViews }
        }
        return []
    }

    /// Puts a question over what is open now, which a "no" goes back to.
    mutating func ask(_ question: Overlay) {
        underQuestion = overlay
        overlay = question
    }

    /// A save or delete that would have gone over a file changed on disk is given up; the folder is read again.
    private mutating func keepWhatIsOnDisk(_ changed: ChangedOnDisk) -> [Effect] {
        answerNo()
        undoing = false
        say(.info("kept \(shown(changed.file)) as it is on disk; the configs folder is read again"))
        return Self.readFolder
    }

    /// A save or delete found its file changed on disk: ask before going ahead; nil when the failure is another.
    mutating func askAboutDisk(_ failure: EffectFailure) -> [Effect]? {
        guard let changed = failure.changedOnDisk else { return nil }
        guard changed.goAhead != nil else {
            undoing = false
            say(.warning(failure.message + "; the configs folder is read again"))
            return Self.readFolder
        }
        ask(.confirmOverwrite(changed))
        return []
    }

    /// "No" to a question: back to what it was asked over, as it was.
    mutating func answerNo() {
        overlay = underQuestion
        underQuestion = .none
    }

    /// Takes a fresh reading of one kind of document; a broken file is said, never hidden.
    mutating func take(_ listing: StoredListing) {
        switch listing.kind {
        case .config: take(listing.typed(ConfigCodec.self))
        case .event: take(listing.typed(EventDefinitionCodec.self))
        case .hook:
            hooks = listing.typed(HookCodec.self).entries
            brokenHooks = listing.problems
            if let words = unreadable(listing.problems) { say(.error(words)) }
        }
    }

    /// Takes a fresh reading of the configs folder; a broken file is said, never hidden.
    mutating func take(_ listing: ConfigListing) {
        configs = listing.entries
        brokenConfigs = listing.problems
        configMatches = appConfigs.isEmpty ? [:] : matchesOfConfigs()
        configuredViews = Set(configMatches.values.joined())
        if let words = unreadable(listing.problems) { say(.error(words)) }
    }

    /// What the status line says of a fresh reading's problems (configs or event definitions): the first, its file
    /// shown as every message shows files, and how many more there are; nil when there are none.
    func unreadable(_ problems: [FolderProblem]) -> String? {
        guard let first = problems.first else { return nil }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more: see the configs list)" : ""
        return "cannot read \(shown(first.file)): \(first.message)\(more)"
    }

    mutating func say(_ message: Message) {
        self.message = message
    }
}
