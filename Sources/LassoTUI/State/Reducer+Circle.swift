import Foundation
import LassoDocuments
import LassoSnapshot

/// The circle form: opening it on a view, editing its fields, completing key paths, asking the runner to save.
extension AppState {
    /// Circles the highlighted view; one that no touch applies to (a label in a button, an image in a cell) first
    /// offers the nearest ancestor that takes one.
    mutating func openCircle() {
        if cursor == 0 && table.documentRoot {
            say(
                .refusal(
                    "the dump's <\(snapshot.className(of: 0))> element is no view, so no config can name it: circle a view under it"
                ))
            return
        }
        if let owner = foreignWindowName(of: cursor) {
            say(
                .refusal(
                    "this view is in the window of \(owner), not the app's: the app's SDK never sees it, so no config can name it"
                ))
            return
        }
        if let suggested = interactiveAncestor(of: cursor) {
            overlay = .confirmRetarget(pointed: cursor, suggested: suggested)
            return
        }
        openCircle(on: cursor)
    }

    /// Circles `node`; when a config of this app already matches it, first offers to edit that config.
    mutating func openCircle(on node: Int) {
        if let existing = appConfigs.first(where: { configMatches[$0.config.id]?.contains(node) == true }) {
            overlay = .confirmEditExisting(node: node, configID: existing.config.id)
            return
        }
        openNewForm(on: node)
    }

    /// A form for a new config on `node`.
    mutating func openNewForm(on node: Int) {
        formShowsCanvas = false
        var form = makeForm(for: node)
        refreshPreview(&form)
        showForm(form)
    }

    /// Opens `form`; what the status line said about the outline (a search's "n next" above all, where `n` now types)
    /// gives way to the form's keys.
    mutating func showForm(_ form: CircleForm) {
        message = nil
        overlay = .circle(form)
    }

    /// The answer to "this view has a config: edit it?": yes edits it, no makes a new one beside it.
    mutating func answerEditExisting(_ action: Action, node: Int, configID: String) {
        switch action {
        case .confirmYes:
            guard let entry = appConfigs.first(where: { $0.config.id == configID }) else {
                openNewForm(on: node)
                return
            }
            var form = makeForm(for: node, editing: entry.config)
            refreshPreview(&form)
            showForm(form)
        case .confirmNo:
            openNewForm(on: node)
        default:
            break
        }
    }

    /// The nearest ancestor (below the page) that a touch event applies to, when none applies to `node` itself.
    func interactiveAncestor(of node: Int) -> Int? {
        let touches = Set(EventType.interactions)
        func takesTouch(_ view: Int) -> Bool {
            EventType.applicable(to: view, in: snapshot).contains(where: touches.contains)
        }
        guard !takesTouch(node), !snapshot.isPageRoot(node) else { return nil }
        var current = snapshot.parent(of: node)
        while let view = current, !snapshot.isPageRoot(view) {
            if takesTouch(view) { return view }
            current = snapshot.parent(of: view)
        }
        return nil
    }

    /// A form for a new config on `node`, or (given `editing`) one that edits that config there.
    func makeForm(for node: Int, editing: KVCConfig? = nil) -> CircleForm {
        let applicable = EventType.applicable(to: node, in: snapshot).map(\.rawValue)
        let others = (EventType.allCases.map(\.rawValue) + settings.customEvents).filter { !applicable.contains($0) }
        // The most specific event first: Exposure applies to everything, so prefer any other.
        let preferred =
            applicable.first { $0 != EventType.exposure.rawValue } ?? applicable.first ?? others.first ?? ""
        let draft =
            editing.map { ConfigDraft.editing($0, exactPath: table.path(of: node)) }
            ?? ConfigDraft.new(on: node, in: table, appKey: appKey, event: preferred)
        var form = CircleForm(
            node: node, events: applicable + others, applicableCount: applicable.count, draft: draft)
        if SensorsFields.applies(to: editing?.profile ?? settings.sdkProfile) {
            // A Sensors SDK reads only an element's content, as its code computes it: those values alone.
            let evaluator = KeyPathEvaluator(snapshot)
            form.valueChoices = ValueCandidates.list(for: node, in: table) {
                if case .content = SensorsFields.reading($0, on: node, evaluator: evaluator) { true } else { false }
            }
        } else {
            form.valueChoices = ValueCandidates.list(for: node, in: table)
        }
        form.keyNameIsEvent = (editing?.profile ?? settings.sdkProfile) == .mixpanel
        form.offeredConditions = Condition.offered(for: node, in: snapshot)
        form.valueIndex = form.valueChoices.firstIndex { $0.keyPath == form.keyPath.text }
        if editing != nil { form.field = .keyPath }
        return form
    }

    mutating func reduceCircle(_ action: Action, _ form: inout CircleForm) -> [Effect] {
        form.completions = action == .complete ? form.completions : []
        var effects: [Effect] = []
        switch action {
        case .cursorLeft where !form.field.isText, .cursorRight where !form.field.isText:
            let step = action == .cursorLeft ? -1 : 1
            switch form.field {
            case .event:
                form.eventIndex = (form.eventIndex + step + form.events.count) % max(form.events.count, 1)
                form.changed = true
            case .location:
                form.locationCursor = min(max(0, form.locationCursor + step), max(0, form.anyIndex.count - 1))
            case .value:
                form.pickValue(step)
                form.changed = true
            default: break
            }
        case .toggleAnyIndex:
            if form.field == .location && form.locationCursor > 0 {
                form.toggleAnyIndex()
                form.changed = true
            }
        case .complete:
            if form.field == .keyPath {
                complete(&form)
            } else {
                form.stepField(1)
            }
        case .toggleZoom:
            // Where the form covers the canvas, Ctrl-O shows the canvas (with the matches marked) in its place.
            formShowsCanvas.toggle()
        case .takeSteadyValue:
            // The value named by what stays from row to row, in place of one that reads another field elsewhere;
            // else the condition that keeps the rows that have the value's view.
            if let steady = form.preview.steady {
                form.keyPath.set(steady.keyPath)
                form.valueIndex = form.valueChoices.firstIndex { $0.keyPath == steady.keyPath }
                form.changed = true
            } else if let narrowing = form.preview.narrowing {
                let text = form.conditions.text.trimmingCharacters(in: .whitespaces)
                let added = narrowing.condition.description
                form.conditions.set(text.isEmpty ? added : text + ", " + added)
                form.changed = true
            }
        case .keepMajority:
            // The condition that keeps the most frequent kind of matched view, added to the form's conditions.
            if let condition = form.preview.difference?.majority {
                let text = form.conditions.text.trimmingCharacters(in: .whitespaces)
                form.conditions.set(text.isEmpty ? condition.description : text + ", " + condition.description)
                form.changed = true
            }
        case .submit, .forceSave:
            // A new config on a screen that names no version must not silently hold in every version: the
            // question asks for the release too, once.
            let needsVersion =
                form.draft.original == nil && appVersion == nil
                && form.from.text.trimmingCharacters(in: .whitespaces).isEmpty
            if usableAppKey == nil || needsVersion {
                // The form's own refusals come first (no key path, an event that does not apply): the question is
                // asked only for a config that would then be saved.
                var probe = self
                probe.settings.appKey = usableAppKey ?? "app"
                var checked = form
                _ = probe.save(&checked, force: action == .forceSave)
                if let refusal = checked.message, refusal.kind == .refusal {
                    form.message = refusal
                    break
                }
                // No app key to file the config under: ask for it over the form, which stays as it is.
                refreshPreview(&form)
                overlay = .circle(form)
                askAppKey(then: .save(force: action == .forceSave))
                return []
            }
            effects = save(&form, force: action == .forceSave)
        default:
            form.answerShared(action)
        }
        refreshPreview(&form)
        overlay = .circle(form)
        return effects
    }

    /// When `keyPath` reads a view inside the row that some matched rows lack (a voice message has no message
    /// text): the condition that holds on exactly the rows that have it, with their count; nil when there is none.
    static func narrowing(_ keyPath: String, rows: [Int], evaluator: KeyPathEvaluator) -> FormPreview.Narrowing? {
        var keys = keyPath.split(separator: ".").map(String.init)
        guard keys.count > 1 else { return nil }
        keys.removeLast()
        let condition = Condition(key: keys.joined(separator: ".") + ".hidden", value: "false")
        let having = rows.filter { evaluator.evaluate(keyPath, on: $0).value.map { $0 != .string("") } ?? false }
        guard !having.isEmpty, having.count < rows.count else { return nil }
        let kept = rows.filter { condition.holds(on: $0, in: evaluator.snapshot) }
        return kept == having ? FormPreview.Narrowing(condition: condition, rows: having.count) : nil
    }

    /// Works out what the form's fields give on this screen: the match count, the key path's value, the event sent.
    mutating func refreshPreview(_ form: inout CircleForm) {
        var conditions: [Condition] = []
        if case .success(let parsed) = form.parsedConditions() { conditions = parsed }
        var preview = FormPreview()
        var matched = ensureMatcher().paths.matches(form.pattern, event: form.event, conditions: conditions)
        let sdk = profile(of: form)
        if sdk != .lasso {
            let (path, note) = sdkPath(of: form)
            preview.sdkPath = path
            preview.sdkNote = note
            matched =
                path.map {
                    ensureMatcher().matches(
                        $0, profile: sdk, path: ViewPath([]), event: form.event, conditions: conditions)
                } ?? []
        }
        if SensorsFields.applies(to: sdk), !form.keyPath.text.isEmpty, preview.sdkPath != nil, let matcher {
            // The value a Sensors SDK can be sent is another element's text: say so when this key path reads none.
            let evaluator = KeyPathEvaluator(snapshot)
            let fields = SensorsFields.make(
                keyPath: form.keyPath.text, node: form.node, dialect: matcher.dialect(sdk), evaluator: evaluator)
            if fields.property == nil {
                let reason: String =
                    switch SensorsFields.reading(form.keyPath.text, on: form.node, evaluator: evaluator) {
                    case .unreadable(let words): words
                    case .content: "the SDK names no path for the element it is read from"
                    }
                let words = "the value is not sent to Sensors SDKs: " + reason
                preview.sdkNote = preview.sdkNote.map { $0 + "; " + words } ?? words
            }
        }
        if SensorsFields.applies(to: sdk), !SensorsVisualizedConfig.clickEvents.contains(form.event) {
            // A Sensors SDK's visualized events are clicks: any other is saved, and never sent to the phone.
            let words =
                "not sent to Sensors SDKs: \(form.event) is no click (their visualized events are $AppClick only)"
            preview.sdkNote = preview.sdkNote.map { $0 + "; " + words } ?? words
        }
        if sdk == .mixpanel, preview.sdkPath != nil, let dialect = matcher?.dialect(.mixpanel) as? MixpanelDialect {
            // A Mixpanel binding sends an event, never a value: say which, or why the SDK binds nothing here.
            let words: String
            if case .none(let reason) = MixpanelFields.make(event: form.event, node: form.node, dialect: dialect)
                .binding
            {
                words = "not sent to Mixpanel SDKs: \(reason)"
            } else {
                let name = form.keyName.text.isEmpty ? "the key name" : "“\(form.keyName.text)”"
                words = "Mixpanel SDKs send \(name) as the event, without the value (bindings carry none)"
            }
            preview.sdkNote = preview.sdkNote.map { $0 + "; " + words } ?? words
        }
        preview.matchCount = matched.count
        preview.matchedViews = Array(matched.prefix(CanvasScale.viewLimit))
        preview.difference = MatchDifference.find(in: Array(matched.prefix(500)), snapshot: snapshot)
        if !form.keyPath.text.isEmpty {
            let evaluator = KeyPathEvaluator(snapshot)
            let result = evaluator.evaluate(form.keyPath.text, on: form.node)
            preview.value = result.value
            preview.readsPrivateText = result.readsPrivateText
            if KeyPathEvaluator.nestsLists(result.value) {
                preview.singleValues = evaluator.singleValues(of: form.keyPath.text, on: form.node, limit: 3).map {
                    $0.keyPath + " = " + JSONWriter.compact($0.value)
                }
            }
            // The value on every view the path matches, as the SDK would report it on each.
            for node in matched.prefix(FormPreview.valuesShown) {
                preview.matchedValues.append(evaluator.evaluate(form.keyPath.text, on: node).value)
            }
            let rows = Array(matched.prefix(FormPreview.valuesShown))
            // One matched view has no other rows to differ from: nothing to read across them.
            let reading =
                matched.count > 1 ? ValueKinds.reading(form.keyPath.text, on: rows, evaluator: evaluator) : nil
            if let reading, reading.mixed == nil, let absent = reading.absentWords {
                preview.absent = absent
                preview.narrowing = Self.narrowing(form.keyPath.text, rows: rows, evaluator: evaluator)
            }
            if let mixed = reading?.mixed {
                preview.mixed = mixed
                // Offer the first value the view shows alike here that reads one field on every matched row.
                preview.steady = form.valueChoices.first { choice in
                    choice.keyPath != form.keyPath.text && choice.value == preview.value
                        && ValueKinds.mixed(choice.keyPath, on: rows, evaluator: evaluator) == nil
                }
                if preview.steady == nil {
                    preview.narrowing = Self.narrowing(form.keyPath.text, rows: rows, evaluator: evaluator)
                }
            }
        }
        // A pick stays shown only while the key path is still the one it filled in.
        if let index = form.valueIndex, form.valueChoices[index].keyPath != form.keyPath.text { form.valueIndex = nil }
        var payload = JSONObject()
        payload["event"] = .string(form.event)
        payload[form.keyName.text.isEmpty ? "keyName" : form.keyName.text] = preview.value ?? .null
        preview.payload = JSONWriter.compact(.object(payload))
        form.preview = preview
    }

    /// The SDK profile the form's config is written in: an edited config keeps its own, a new one takes the
    /// project's.
    public func profile(of form: CircleForm) -> SDKProfile {
        form.draft.original?.profile ?? settings.sdkProfile
    }

    /// The form's location in the project's SDK dialect: the view's own path there, or its any-row form when the
    /// form leaves the innermost row open; with words for what that path cannot say.
    func sdkPath(of form: CircleForm) -> (String?, String?) {
        let sdk = profile(of: form)
        guard let matcher else { return (nil, nil) }
        let dialect = matcher.dialect(sdk)
        let segments = form.pattern.segments
        let opensRow = segments.indices.contains { position in
            if case .cell = segments[position].index { form.anyIndex[position] } else { false }
        }
        let opensPosition = segments.indices.contains { position in
            if case .position = segments[position].index { position > 0 && form.anyIndex[position] } else { false }
        }
        let location = opensRow ? dialect.anyRowLocation(of: form.node) : dialect.location(of: form.node)
        guard let location else {
            return (
                nil,
                opensRow
                    ? "a \(sdk.rawValue) SDK has no “any row” form here: not sent to \(sdk.rawValue) SDKs"
                    : "a \(sdk.rawValue) SDK names no path for this view: not sent to \(sdk.rawValue) SDKs"
            )
        }
        let note =
            opensPosition
            ? "\(sdk.rawValue) paths cannot leave a position open (\(KeyHint.toggleAny.key)): saved for this one only"
            : nil
        return (location.path, note)
    }

    /// Tab on the key path: completes the last key from what the view offers at that point.
    private func complete(_ form: inout CircleForm) {
        let text = form.keyPath.text
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let prefix = parts.last ?? ""
        let base = parts.dropLast().joined(separator: ".")
        let candidates = KeyCompletion.keys(after: base, on: form.node, in: snapshot).filter { $0.hasPrefix(prefix) }
        guard !candidates.isEmpty else {
            form.message = .warning("no key starts with “\(prefix)” here")
            return
        }
        form.message = nil
        let common = candidates.dropFirst().reduce(candidates[0]) { $0.commonPrefix(with: $1) }
        let completed = candidates.count == 1 ? candidates[0] : common
        form.keyPath.set((base.isEmpty ? "" : base + ".") + completed)
        form.completions = candidates.count == 1 ? [] : candidates
        form.changed = true
    }

    /// The config the form describes, built by the core's `ConfigDraft`, or what is wrong with it in the form's words.
    func config(from form: CircleForm) -> Result<KVCConfig, FormError> {
        var draft: ConfigDraft
        switch form.filledDraft() {
        case .success(let filled): draft = filled
        case .failure(let error): return .failure(error)
        }
        draft.appKey = appKey
        switch draft.build(profile: settings.profile, stamp: nextStamp) {
        case .success(let config) where profile(of: form) != .lasso:
            // Saved in the SDK's dialect, as the form shows it.
            guard let text = form.preview.sdkPath else {
                return .failure(
                    FormError(form.preview.sdkNote ?? "no \(profile(of: form).rawValue) path for this view"))
            }
            do {
                let pattern = try profile(of: form).read(text)
                var written = config.rewritten(in: profile(of: form), pattern: pattern, hash: settings.profile.hash)
                if SensorsFields.applies(to: written.profile), let matcher {
                    written.sensors = SensorsFields.make(
                        keyPath: written.keyPath, node: form.node,
                        dialect: matcher.dialect(written.profile), evaluator: KeyPathEvaluator(snapshot))
                }
                if written.profile == .mixpanel, let dialect = matcher?.dialect(.mixpanel) as? MixpanelDialect {
                    written.mixpanel = MixpanelFields.make(event: written.viewEvent, node: form.node, dialect: dialect)
                }
                return .success(written)
            } catch {
                return .failure(FormError(error.reason))
            }
        case .success(let config): return .success(config)
        case .failure(let problem): return .failure(FormError(Self.words(for: problem)))
        }
    }

    /// How the form says what keeps a draft from becoming a config.
    static func words(for problem: ConfigDraftProblem) -> String {
        switch problem {
        case .noAppKey, .unsafeAppKey: return "no usable app key: set appKey in lasso.json"
        case .emptyKeyPath: return "write a key path (\(KeyHint.complete.key) completes keys)"
        case .unsafeKeyName: return "write a key name (letters, digits, no '/')"
        case .badFrom(let text): return "From: “\(text)” is not a version such as 5.3.0"
        case .badUntil(let text): return "Until: “\(text)” is not a version such as 5.6.0"
        case .emptyInterval: return "Until must come after From"
        }
    }

    /// Checks the form's config and asks the runner to save it; the form stays open until the runner answers.
    private func save(_ form: inout CircleForm, force: Bool) -> [Effect] {
        let config: KVCConfig
        switch self.config(from: form) {
        case .success(let made): config = made
        case .failure(let error):
            form.message = .refusal(error.message)
            return []
        }
        // The UI refuses every preflight finding (a path the form made always matches its view); force overrides.
        if !force, let finding = ConfigPreflight.check(config, on: form.node, in: table).first {
            let override = "\(KeyHint.forceSave.key) saves it anyway"
            switch finding {
            case .eventDoesNotApply:
                form.message = .refusal("refused: \(form.event) does not apply to this view. \(override)")
            case .readsPrivateText:
                form.message = .refusal(
                    "refused: this key path reads a text field's text (a password or a message?). \(override)")
            case .givesNothing:
                form.message = .refusal(
                    "refused: the key path gives nothing on this view, so the SDK would report nothing. \(KeyHint.complete.key) completes keys; \(override)"
                )
            case .pathDoesNotMatch:
                form.message = .refusal("refused: the path does not match this view")
            case .givesNestedLists(let instead):
                form.message = .refusal(
                    "refused: the key path gives lists inside a list, not one value an event can carry"
                        + (instead.first.map { ". One of its values alone: \($0)" } ?? "") + ". \(override)")
            }
            return []
        }
        form.message = nil
        return [.save(.config(config), over: form.onDisk)]
    }

    /// The runner's answer to a save: close the form and say where the file went, or show why it failed in the form.
    mutating func configSaved(_ outcome: Result<SavedDocument, EffectFailure>) -> [Effect] {
        switch outcome {
        case .success(let saved):
            take(saved.listing)
            guard case .config(let config) = saved.written.document else { return [] }
            var text = "saved \(config.keyName) (\(config.viewEvent)) to \(shown(saved.written.file))"
            if let note = pendingSaveNote {
                text += " · " + note
                pendingSaveNote = nil
            }
            lastSave = text
            if undoing {
                sayUndone()
            } else {
                switch overlay {
                case .circle(let form):
                    undoStep =
                        form.draft.original.map { .restore(.config($0), over: saved.written) }
                        ?? .removeNew(saved.written)
                    overlay = .none
                    if form.openedFromList {
                        // An edit begun in the configs list ends there, on the config it edited.
                        var list = ConfigsList(matches: configMatches)
                        list.selected = appConfigs.firstIndex { $0.config.id == config.id } ?? 0
                        overlay = .configs(list)
                    }
                case .versions(let form):
                    undoStep = form.original.map { .restore(.config($0), over: saved.written) }
                    var list = ConfigsList(matches: configMatches)
                    list.selected = appConfigs.firstIndex { $0.config.id == config.id } ?? 0
                    overlay = .configs(list)
                default: break
                }
                if case .none = overlay, config.appKey == appKey {
                    // Straight after a config is saved, the next step is offered: name the event it makes countable.
                    say(.info(text + " (\(KeyHint.undo.key) undoes · \(KeyHint.nameEvent.key) names an event here)"))
                } else {
                    say(.info(text + " (\(KeyHint.undo.key) undoes)"))
                }
            }
            // The configs list, when open, marks what matches here as the folder now is (an undo from the list too).
            if case .configs(var list) = overlay {
                list.matches = configMatches
                overlay = .configs(list)
            }
            undoing = false
            // Following a phone, the config goes to it at once: a tap there says whether it fires.
            if let live {
                self.live?.sending += 1
                return [.sendToPhone(config, pairing: live.screen.pairing)]
            }
            return []
        case .failure(let failure):
            if let effects = askAboutDisk(failure) { return effects }
            switch overlay {
            case .circle(var form):
                form.message = .error(failure.message)
                overlay = .circle(form)
            case .versions(var form):
                form.message = .error(failure.message)
                overlay = .versions(form)
            default:
                say(.error(failure.message))
            }
        }
        undoing = false
        return []
    }
}
