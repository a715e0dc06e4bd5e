import Foundation
import LassoCore

/// The circle form: opening it on a view, editing its fields, completing key paths, saving through the core.
extension AppState {
    mutating func openCircle() {
        _ = ensureMatcher()
        overlay = .circle(makeForm(for: cursor))
    }

    func makeForm(for node: Int) -> CircleForm {
        let applicable = EventType.applicable(to: node, in: snapshot).map(\.rawValue)
        let others = (EventType.allCases.map(\.rawValue) + settings.customEvents).filter { !applicable.contains($0) }
        var form = CircleForm(
            node: node, events: applicable + others, applicableCount: applicable.count, exactPath: table.path(of: node),
            appVersion: appVersion.flatMap { AppVersion($0) == nil ? nil : $0 },
            conditions: Condition.suggested(for: node, in: snapshot))
        // The most specific event first: Exposure applies to everything, so prefer any other.
        if applicable.first == EventType.exposure.rawValue, applicable.count > 1 { form.eventIndex = 1 }
        if let first = applicable.first, first != EventType.exposure.rawValue {
            form.eventIndex = applicable.firstIndex(of: first)!
        }
        return form
    }

    mutating func reduceCircle(_ action: Action, _ form: inout CircleForm) {
        form.completions = action == .complete ? form.completions : []
        switch action {
        case .nextField:
            form.field = CircleForm.Field(rawValue: min(form.field.rawValue + 1, CircleForm.Field.allCases.count - 1))!
        case .previousField:
            form.field = CircleForm.Field(rawValue: max(form.field.rawValue - 1, 0))!
        case .cursorLeft, .cursorRight:
            let step = action == .cursorLeft ? -1 : 1
            switch form.field {
            case .event:
                form.eventIndex = (form.eventIndex + step + form.events.count) % max(form.events.count, 1)
                form.changed = true
            case .location:
                form.locationCursor = min(max(0, form.locationCursor + step), form.anyIndex.count - 1)
            default:
                if step < 0 { form.activeText?.moveLeft() } else { form.activeText?.moveRight() }
            }
        case .insert(let character):
            if form.field == .location {
                if character == " " && form.locationCursor > 0 {
                    form.anyIndex[form.locationCursor].toggle()
                    form.changed = true
                }
            } else if form.field.isText {
                form.activeText?.insert(character)
                form.changed = true
            }
        case .deleteBackward:
            form.activeText?.deleteBackward()
            form.changed = true
        case .deleteForward:
            form.activeText?.deleteForward()
            form.changed = true
        case .cursorHome: form.activeText?.moveHome()
        case .cursorEnd: form.activeText?.moveEnd()
        case .complete:
            if form.field == .keyPath {
                complete(&form)
            } else {
                form.field = CircleForm.Field(rawValue: min(form.field.rawValue + 1, 7))!
            }
        case .submit, .forceSave:
            if save(&form, force: action == .forceSave) { return }
        default:
            break
        }
        overlay = .circle(form)
    }

    /// Tab on the key path: completes the last key from what the view offers at that point.
    private func complete(_ form: inout CircleForm) {
        let text = form.keyPath.text
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let prefix = parts.last ?? ""
        let base = parts.dropLast().joined(separator: ".")
        let candidates = KeyCompletion.keys(after: base, on: form.node, in: snapshot).filter { $0.hasPrefix(prefix) }
        guard !candidates.isEmpty else {
            form.message = "no key starts with “\(prefix)” here"
            return
        }
        form.message = nil
        let common = candidates.dropFirst().reduce(candidates[0]) { $0.commonPrefix(with: $1) }
        let completed = candidates.count == 1 ? candidates[0] : common
        form.keyPath.set((base.isEmpty ? "" : base + ".") + completed)
        form.completions = candidates.count == 1 ? [] : candidates
        form.changed = true
    }

    /// The config the form describes, or what is wrong with it.
    func config(from form: CircleForm) -> Result<KVCConfig, FormError> {
        guard let appKey, SafeName.isSafe(appKey) else {
            return .failure(FormError("no usable app key: set appKey in lasso.json"))
        }
        let keyPath = form.keyPath.text.trimmingCharacters(in: .whitespaces)
        let keyName = form.keyName.text.trimmingCharacters(in: .whitespaces)
        guard !keyPath.isEmpty else { return .failure(FormError("write a key path (Tab completes keys)")) }
        guard SafeName.isSafe(keyName) else { return .failure(FormError("write a key name (letters, digits, no '/')")) }
        let fromText = form.from.text.trimmingCharacters(in: .whitespaces)
        let untilText = form.until.text.trimmingCharacters(in: .whitespaces)
        let from = AppVersion(fromText)
        let until = AppVersion(untilText)
        if !fromText.isEmpty && from == nil {
            return .failure(FormError("From: “\(fromText)” is not a version such as 5.3.0"))
        }
        if !untilText.isEmpty && until == nil {
            return .failure(FormError("Until: “\(untilText)” is not a version such as 5.6.0"))
        }
        let interval = VersionInterval(from: from, until: until)
        if interval.isEmpty { return .failure(FormError("Until must come after From")) }
        let conditions: [Condition]
        switch form.parsedConditions() {
        case .success(let parsed): conditions = parsed
        case .failure(let error): return .failure(error)
        }
        let note = form.note.text.trimmingCharacters(in: .whitespaces)
        var config = KVCConfig(
            appKey: appKey, versions: VersionRanges(from == nil && until == nil ? [] : [interval]),
            viewEvent: form.event,
            viewPath: form.pattern, notation: settings.profile.notation, hash: settings.profile.hash,
            conditions: conditions, keyPath: keyPath, keyName: keyName, note: note.isEmpty ? nil : note)
        if let id = form.editingID { config.id = id }
        return .success(config)
    }

    /// Saves the form's config; true when it was saved and the form closed.
    private mutating func save(_ form: inout CircleForm, force: Bool) -> Bool {
        let config: KVCConfig
        switch self.config(from: form) {
        case .success(let made): config = made
        case .failure(let error):
            form.message = error.message
            return false
        }
        // The UI refuses every preflight finding (a path the form made always matches its view); Ctrl-F overrides.
        if !force, let finding = ConfigPreflight.check(config, on: form.node, in: table).first {
            switch finding {
            case .eventDoesNotApply:
                form.message = "refused: \(form.event) does not apply to this view. Ctrl-F saves it anyway"
            case .readsPrivateText:
                form.message =
                    "refused: this key path reads a text field's text (a password or a message?). Ctrl-F saves it anyway"
            case .givesNothing:
                form.message =
                    "refused: the key path gives nothing on this view, so the SDK would report nothing. Tab completes keys; Ctrl-F saves it anyway"
            case .pathDoesNotMatch:
                form.message = "refused: the path does not match this view"
            }
            return false
        }
        do {
            let entries = try configsDirectory.load()
            let file = try configsDirectory.save(config, replacing: entries)
            configs = (try? configsDirectory.load()) ?? configs
            overlay = .none
            say("saved \(config.keyName) (\(config.viewEvent)) to \(file)")
            return true
        } catch {
            form.message = "\(error)"
            return false
        }
    }
}
