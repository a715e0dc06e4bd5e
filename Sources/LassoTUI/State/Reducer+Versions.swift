import LassoDocuments
import LassoSnapshot

/// The versions-and-note form of a config that matches no view on this screen.
extension AppState {
    mutating func reduceVersions(_ action: Action, _ form: inout VersionsForm) -> [Effect] {
        var effects: [Effect] = []
        let fields = VersionsForm.Field.allCases.count
        switch action {
        case .nextField: form.field = VersionsForm.Field(rawValue: min(form.field.rawValue + 1, fields - 1))!
        case .previousField: form.field = VersionsForm.Field(rawValue: max(form.field.rawValue - 1, 0))!
        case .submit:
            switch form.build(profile: table.profile, stamp: nextStamp) {
            case .success(let config):
                form.message = nil
                effects = [.save(.config(config), over: form.onDisk)]
            case .failure(let problem):
                form.message = .refusal(Self.words(for: problem))
            }
        default:
            form.editActive { $0.apply(action) }
            if TextField.edits(action) { form.changed = true }
        }
        overlay = .versions(form)
        return effects
    }
}
