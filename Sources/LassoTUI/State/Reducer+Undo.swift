import LassoDocuments

/// Undo: asking the runner to put back the document (of any kind) the last save, edit or delete changed.
extension AppState {
    /// What a save of a config replaces on disk, as the folder was last read: the file of `original` (nil for a new
    /// config).
    func onDisk(replacing original: KVCConfig?) -> DocumentOnDisk {
        guard let original else { return .nothing }
        return configs.first { $0.config.id == original.id }.map { .read($0.stored) } ?? .nothing
    }

    mutating func undo() -> [Effect] {
        guard let step = undoStep else {
            say(
                .info(
                    "nothing to undo: no config, event or hook config was saved, edited or deleted since lasso opened"))
            return []
        }
        switch step {
        case .removeNew(let written):
            guard stored(written.document.kind).contains(where: { $0.document.id == written.document.id }) else {
                undoStep = nil
                say(
                    .warning(
                        "\(UndoStep.theName(of: written.document)) is no longer in the configs folder: nothing to undo")
                )
                return []
            }
            undoing = true
            // Deleted only if the file still holds what lasso wrote.
            return [.delete(written, checked: true)]
        case .restore(let document, let written):
            undoing = true
            return [.save(document, over: written.map { .read($0) } ?? .nothing)]
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

/// Deleting: asking before, and the runner's answer, the same for every kind of document.
extension AppState {
    /// Asks the runner to delete the document of `kind` whose id is `id`; the list comes back when it answers.
    mutating func delete(_ kind: DocumentKind, id: String) -> [Effect] {
        guard let entry = stored(kind).first(where: { $0.document.id == id }) else {
            answerNo()
            return []
        }
        overlay = underQuestion
        underQuestion = .none
        return [.delete(entry, checked: true)]
    }

    /// The runner's answer to a delete: the folder as it is now, and `u` to put the document back; the list keeps
    /// its place (the next row moves up into it).
    mutating func documentDeleted(_ outcome: Result<DeletedDocument, EffectFailure>) -> [Effect] {
        var effects: [Effect] = []
        switch outcome {
        case .success(let deleted):
            take(deleted.listing)
            sayDeleted(shown(deleted.entry.file), undo: .restore(deleted.entry.document, over: nil))
            if deleted.entry.document.kind != .hook { effects = countEffects() }
        case .failure(let failure):
            if let asked = askAboutDisk(failure) { return asked }
            say(.error(failure.message))
        }
        undoing = false
        if case .configs(let shown) = overlay {
            var list = ConfigsList(matches: configMatches)
            list.selected = min(shown.selected, max(listRows - 1, 0))
            overlay = .configs(list)
        }
        return effects
    }
}
