import LassoDocuments

/// Undo: asking the runner to put back the config the last save, edit or delete changed.
extension AppState {
    /// What a save of a config replaces on disk, as the folder was last read: the file of `original` (nil for a new
    /// config).
    func onDisk(replacing original: KVCConfig?) -> OnDisk {
        guard let original else { return .nothing }
        return configs.first { $0.config.id == original.id }.map { .read($0) } ?? .nothing
    }

    mutating func undo() -> [Effect] {
        guard let step = undoStep else {
            say(.info("nothing to undo: no config or event was saved, edited or deleted since lasso opened"))
            return []
        }
        switch step {
        case .removeNew(let written):
            guard configs.contains(where: { $0.config.id == written.config.id }) else {
                undoStep = nil
                say(.warning("\(written.config.keyName) is no longer in the configs folder: nothing to undo"))
                return []
            }
            undoing = true
            // Deleted only if the file still holds what lasso wrote.
            return [.deleteConfig(written, checked: true)]
        case .restore(let config, let written):
            undoing = true
            return [.saveConfig(config, over: written.map { .read($0) } ?? .nothing)]
        case .removeNewDefinition(let written):
            guard definitions.contains(where: { $0.definition.id == written.definition.id }) else {
                undoStep = nil
                say(
                    .warning(
                        "the event “\(written.definition.name)” is no longer in the configs folder: nothing to undo"))
                return []
            }
            undoing = true
            return [.deleteDefinition(written, checked: true)]
        case .restoreDefinition(let definition, let written):
            undoing = true
            return [.saveDefinition(definition, over: written.map { .read($0) } ?? .nothing)]
        }
    }

    /// Says the undo that just ended was done, in its step's words, and forgets the step.
    mutating func sayUndone() {
        say(.info("undone: \(undoStep?.words ?? "the last change taken back")"))
        undoStep = nil
    }

    /// After a file was deleted: the undo that deleted it is said done; a delete of the person's own is said, and
    /// `step` kept to put it back.
    mutating func sayDeleted(_ file: String, undo step: UndoStep) {
        if undoing {
            sayUndone()
        } else {
            undoStep = step
            say(.info("deleted \(file) (\(KeyHint.undo.key) puts it back)"))
        }
    }
}
