/// Input that came in faster than one frame (a paste, keys typed while the screen was drawn), handled as a batch, in
/// the order it came: each run of typed characters inserted in one go, so that a Ctrl-C after a long paste is
/// answered in the same frame, with what was typed before it kept (it may be unsaved work to ask about).
extension AppState {
    /// Handles the event at `index` of `events`, or, when it types a character into a text field, it and the run of
    /// characters after it as one insertion; returns the effects asked for and where the next event is.
    public mutating func handle(_ events: [InputEvent], at index: Int) -> (effects: [Effect], next: Int) {
        guard case .key(.char(let first)) = events[index], textAction(for: .char(first)) != nil else {
            return (handle(events[index]), index + 1)
        }
        var text = String(first)
        var next = index + 1
        while next < events.count, case .key(.char(let character)) = events[next] {
            text.append(character)
            next += 1
        }
        return (reduce(next == index + 1 ? .insert(first) : .insertText(text)), next)
    }

    /// Handles a batch of events as the UI loop does (in order, runs of typed characters at once),
    /// stopping when the state says to quit; returns every effect asked for, in order.
    @discardableResult
    public mutating func handle(batch events: [InputEvent]) -> [Effect] {
        var effects: [Effect] = []
        var index = 0
        while index < events.count && !shouldQuit {
            let step = handle(events, at: index)
            effects += step.effects
            index = step.next
        }
        return effects
    }

    /// The text field that typing goes into now, if any.
    var typingField: TextField? {
        switch overlay {
        case .search(let field): return field
        case .circle(let form): return form.activeText
        case .event(let form): return form.activeText
        case .hook(let form): return form.activeText
        case .versions(let form): return form.activeText
        case .askApp(let question): return question.activeText
        default: return nil
        }
    }
}
