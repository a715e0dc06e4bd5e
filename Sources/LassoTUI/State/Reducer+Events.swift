import LassoDocuments
import LassoSnapshot

/// Named events: opening the "name an event here" form, its keys, saving and deleting definitions.
extension AppState {
    /// Opens the form on `node` for the config `source` (which reports the value the content is picked from).
    mutating func openEventForm(on node: Int, source: KVCConfig, fromList: Bool = false) {
        var form = EventForm(
            node: node, nodePath: table.path(of: node), source: source, appKey: appKey, from: appVersion ?? "")
        form.openedFromList = fromList
        refreshEvent(&form)
        // The value this view reports is picked at once: the usual case is "taps on this one's content".
        if let own = form.choices.firstIndex(of: Self.ownValue(of: source, on: node, in: snapshot) ?? "") {
            form.choiceCursor = own
            form.picked = [form.choices[own]]
        }
        underQuestion = .none
        formShowsCanvas = false
        overlay = .event(form)
        say(.info("name the event: where, which values count, and a name"))
    }

    /// "Name an event here" on the view under the cursor: it needs a config there, whose value the event counts.
    mutating func nameEventHere() -> [Effect] {
        let node = cursor
        guard let config = appConfigs.first(where: { configMatches[$0.config.id]?.contains(node) == true })?.config
        else {
            say(
                .warning(
                    "this view has no config: \(KeyHint.circle.key) circles it, and a saved config is what an event counts"
                ))
            return []
        }
        openEventForm(on: node, source: config)
        return []
    }

    /// A definition's form for `entry`, on the first view it matches here.
    mutating func openEventEdit(_ entry: EventDirectory.Entry) {
        let definition = entry.definition
        guard let node = definitionMatches[definition.id]?.first else {
            say(
                .warning(
                    "“\(definition.name)” matches no view on this screen: open a screen it is on, or lasso event edit \(definition.shortID)"
                ))
            return
        }
        let source = appConfigs.first {
            $0.config.keyName == (definition.content.first?.key ?? "")
                && configMatches[$0.config.id]?.contains(node) == true
        }?.config
        var form = EventForm(node: node, nodePath: table.path(of: node), editing: definition, source: source)
        form.onDisk = .read(entry.stored)
        form.openedFromList = true
        refreshEvent(&form)
        if let first = form.picked.first, let index = form.choices.firstIndex(of: first) { form.choiceCursor = index }
        formShowsCanvas = false
        overlay = .event(form)
    }

    /// The value `config` reports on `node`, as a condition compares it (text).
    static func ownValue(of config: KVCConfig, on node: Int, in snapshot: Snapshot) -> String? {
        KeyPathEvaluator(snapshot).evaluate(config.keyPath, on: node).value.map(Self.conditionText)
    }

    /// How a reported value reads in a content condition: a string as it is, anything else as compact JSON.
    static func conditionText(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.compact(value)
    }

    /// Works out what the location matches here and the values those views report.
    mutating func refreshEvent(_ form: inout EventForm) {
        var matched = ensureMatcher().paths.matches(form.pattern, event: form.event)
        if form.profile != .lasso {
            // Written in the SDK's words: what its records name, and the views that path names on this screen.
            let words = EventRecordsWords.make(
                profile: form.profile, node: form.node, anyRow: form.anyIndex.contains(true), event: form.event,
                matcher: ensureMatcher())
            form.records = words
            matched =
                words.path.map {
                    ensureMatcher().matches($0, profile: form.profile, path: ViewPath([]), event: form.event)
                } ?? []
        }
        form.matchCount = matched.count
        form.matchedViews = Array(matched.prefix(CanvasScale.viewLimit))
        var values: [String] = []
        var seen: Set<String> = []
        if let source = form.source {
            let evaluator = KeyPathEvaluator(snapshot)
            for node in matched.prefix(200) {
                guard let value = evaluator.evaluate(source.keyPath, on: node).value else { continue }
                let text = Self.conditionText(value)
                if seen.insert(text).inserted { values.append(text) }
            }
        }
        // Picks of an edited definition that no view here reports stay choices, so they can be taken back.
        for value in form.picked where seen.insert(value).inserted { values.append(value) }
        form.choices = values
        form.choiceCursor = min(form.choiceCursor, max(0, values.count - 1))
    }

    mutating func reduceEvent(_ action: Action, _ form: inout EventForm) -> [Effect] {
        var effects: [Effect] = []
        switch action {
        case .complete:
            form.stepField(1)
        case .cursorLeft where !form.field.isText, .cursorRight where !form.field.isText:
            let step = action == .cursorLeft ? -1 : 1
            switch form.field {
            case .location:
                form.locationCursor = min(max(0, form.locationCursor + step), max(0, form.anyIndex.count - 1))
            case .content:
                form.moveChoice(step)
            default: break
            }
        case .toggleAnyIndex:
            if form.field == .location && form.locationCursor > 0 {
                form.toggleAnyIndex()
                form.changed = true
            } else if form.field == .content {
                form.togglePick()
                form.changed = true
            }
        case .clearField where form.field == .content:
            form.picked = []
            form.changed = true
        case .toggleZoom:
            formShowsCanvas.toggle()
        case .submit:
            effects = saveEvent(&form)
        default:
            form.answerShared(action)
        }
        if form.field == .name || action == .submit { form.proposeKey() }
        refreshEvent(&form)
        overlay = .event(form)
        return effects
    }

    /// The definition the form describes, built by the core's `EventDefinitionDraft`, or what keeps it from being
    /// one, in the core's words.
    func definition(from form: EventForm) -> Result<EventDefinition, FormError> {
        var draft = form.filledDraft
        if draft.appKey == nil { draft.appKey = usableAppKey }
        let built = draft.build(notation: settings.profile.notation, stamp: nextStamp).mapError {
            FormError($0.description)
        }
        guard form.profile != .lasso, case .success(let definition) = built else { return built }
        guard let words = form.records, let path = words.path else {
            return .failure(FormError(form.records?.words ?? "no \(form.profile.rawValue) path for this view"))
        }
        if form.profile == .growingio && !definition.content.isEmpty {
            return .failure(
                FormError(
                    "GrowingIO records carry no config's value: take the picks back (\(KeyHint.pickValue.key)) to count every tap here"
                ))
        }
        if path.isEmpty { return .success(definition.pageOnly(in: form.profile, screen: words.screen)) }
        do {
            var written = definition.rewritten(
                in: form.profile, pattern: try form.profile.read(path), screen: words.screen)
            if let row = words.position, !written.content.contains(where: { $0.key == "$element_position" }) {
                written.content.append(ContentCondition(key: "$element_position", .equals(row)))
            }
            return .success(written)
        } catch {
            return .failure(FormError(error.reason))
        }
    }

    /// Checks the form and asks the runner to save the definition; the form stays open until the runner answers.
    private mutating func saveEvent(_ form: inout EventForm) -> [Effect] {
        guard form.matchCount > 0 else {
            form.message = .refusal("refused: the location matches no view on this screen")
            return []
        }
        switch definition(from: form) {
        case .success(let definition):
            form.message = nil
            return [.save(.event(definition), over: form.onDisk)]
        case .failure(let error):
            form.message = .refusal(error.message)
            return []
        }
    }

    /// The runner's answer to a save of a definition.
    mutating func definitionSaved(_ outcome: Result<SavedDocument, EffectFailure>) -> [Effect] {
        defer { undoing = false }
        switch outcome {
        case .success(let saved):
            take(saved.listing)
            guard case .event(let definition) = saved.written.document else { return [] }
            let text = "saved the event “\(definition.name)” (\(definition.key)) to \(saved.written.file)"
            lastSave = text
            if undoing {
                sayUndone()
            } else {
                if case .event(let form) = overlay {
                    undoStep =
                        form.original.map { .restore(.event($0), over: saved.written) } ?? .removeNew(saved.written)
                    overlay = .none
                    if form.openedFromList {
                        var list = ConfigsList(matches: configMatches)
                        list.selected =
                            appConfigs.count + (appDefinitions.firstIndex { $0.definition.id == definition.id } ?? 0)
                        overlay = .configs(list)
                    }
                }
                say(.info(text + " (\(KeyHint.undo.key) undoes)"))
            }
            if case .configs(var list) = overlay {
                list.matches = configMatches
                overlay = .configs(list)
            }
            return []
        case .failure(let failure):
            if let effects = askAboutDisk(failure) { return effects }
            if case .event(var form) = overlay {
                form.message = .error(failure.message)
                overlay = .event(form)
            } else {
                say(.error(failure.message))
            }
            return []
        }
    }

    /// Takes a fresh reading of the definitions; a broken file is said, never hidden.
    mutating func take(_ listing: EventDirectory.Listing) {
        definitions = listing.entries
        brokenDefinitions = listing.problems
        let matcher = ensureMatcher()
        var matches: [String: [Int]] = [:]
        for entry in appDefinitions {
            let definition = entry.definition
            matches[definition.id] = matcher.matches(
                definition.viewPathText, profile: definition.profile, path: definition.viewPath,
                event: definition.viewEvent)
        }
        definitionMatches = matches
        if let words = unreadable(listing.problems) { say(.error(words)) }
    }
}
