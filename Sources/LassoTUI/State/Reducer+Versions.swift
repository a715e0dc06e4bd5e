import LassoDocuments
import LassoSnapshot

/// The versions-and-note form of a config that matches no view on this screen.
extension AppState {
    mutating func reduceVersions(_ action: Action, _ form: inout VersionsForm) -> [Effect] {
        var effects: [Effect] = []
        switch action {
        case .submit:
            switch form.build(profile: table.profile, stamp: nextStamp) {
            case .success(let config):
                form.message = nil
                effects = [.save(.config(config), over: form.onDisk)]
            case .failure(let problem):
                form.message = .refusal(Self.words(for: problem))
            }
        default:
            form.answerShared(action)
        }
        overlay = .versions(form)
        return effects
    }
}
