import LassoDocuments
import LassoSnapshot

/// The "hook its action" form: opened on a view with an action, saved through an effect.
extension AppState {
    /// Opens the form on the cursor's view: its first action, the action's target class (else the view's class), the
    /// values of the target's view when it is on the screen (else of the view itself).
    mutating func openHook() {
        let node = cursor
        let snapshot = table.snapshot
        let actions = snapshot.actions(of: node)
        guard let selector = actions.first else {
            say(.info("\(table.name(of: node)) has no action to hook; pick a button or another control"))
            return
        }
        let target = snapshot.actionTargets(of: node).first ?? nil
        let className = ClassName.pathName(target ?? snapshot.className(of: node))
        let instance =
            ([node] + snapshot.ancestry(of: node).reversed()).first {
                ClassName.pathName(snapshot.className(of: $0)) == className
            } ?? node
        overlay = .hook(
            HookForm(
                node: node, instance: instance, appKey: usableAppKey, className: className, selector: selector,
                from: snapshot.app.version.flatMap(AppVersion.init)?.text ?? "",
                choices: ValueCandidates.list(for: instance, in: table)))
    }

    mutating func reduceHook(_ action: Action, _ form: inout HookForm) -> [Effect] {
        var effects: [Effect] = []
        switch action {
        case .clearField where !form.field.isText:
            if form.field == .when { form.whenIndex = nil } else { form.valueIndex = nil }
            form.changed = true
        case .cursorLeft where !form.field.isText, .cursorRight where !form.field.isText:
            form.pick(action == .cursorLeft ? -1 : 1)
        case .submit:
            switch form.draft.build(stamp: nextStamp) {
            case .success(let config):
                form.message = nil
                effects = [.save(.hook(config), over: .nothing)]
            case .failure(let problem):
                form.message = .refusal("not saved: " + problem.description)
            }
        default:
            form.answerShared(action)
        }
        overlay = .hook(form)
        return effects
    }

    /// The runner's answer to a save of a hook config (from the form, or an undo putting one back).
    mutating func hookSaved(_ outcome: Result<SavedDocument, EffectFailure>) -> [Effect] {
        defer { undoing = false }
        switch outcome {
        case .success(let saved):
            take(saved.listing)
            if undoing {
                sayUndone()
                return []
            }
            if case .hook = overlay { overlay = .none }
            undoStep = .removeNew(saved.written)
            say(.info("saved the hook config: \(saved.written.file) (\(KeyHint.undo.key) undoes)"))
        case .failure(let failure):
            if let effects = askAboutDisk(failure) { return effects }
            if case .hook(var form) = overlay {
                form.message = .refusal("not saved: " + failure.message)
                overlay = .hook(form)
            } else {
                say(.error(failure.message))
            }
        }
        return []
    }
}
