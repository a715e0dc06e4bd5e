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
        let fields = HookForm.Field.allCases.count
        switch action {
        case .nextField: form.field = HookForm.Field(rawValue: min(form.field.rawValue + 1, fields - 1))!
        case .previousField: form.field = HookForm.Field(rawValue: max(form.field.rawValue - 1, 0))!
        case .clearField:
            if form.field == .when { form.whenIndex = nil }
            if form.field == .value { form.valueIndex = nil }
            form.active?.set("")
            form.changed = true
        case .cursorLeft:
            if form.field.isText { form.active?.moveLeft() } else { form.pick(-1) }
        case .cursorRight:
            if form.field.isText { form.active?.moveRight() } else { form.pick(1) }
        case .submit:
            switch form.draft.build(stamp: nextStamp) {
            case .success(let config):
                form.message = nil
                effects = [.save(.hook(config), over: .nothing)]
            case .failure(let problem):
                form.message = .refusal("not saved: " + problem.description)
            }
        default:
            form.editActive { $0.apply(action) }
            if TextField.edits(action) { form.changed = true }
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
