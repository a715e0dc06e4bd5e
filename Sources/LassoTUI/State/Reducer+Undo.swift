import LassoCore

/// Undo: asking the runner to put back the config the last save, edit or delete changed.
extension AppState {
    mutating func undo() -> [Effect] {
        guard let step = undoStep else {
            say(.info("nothing to undo: no config was saved, edited or deleted since lasso opened"))
            return []
        }
        switch step {
        case .removeNew(let config):
            guard let entry = configs.first(where: { $0.config.id == config.id }) else {
                undoStep = nil
                say(.warning("\(config.keyName) is no longer in the configs folder: nothing to undo"))
                return []
            }
            undoing = true
            return [.deleteConfig(entry)]
        case .restore(let config, _):
            undoing = true
            return [.saveConfig(config)]
        }
    }
}
