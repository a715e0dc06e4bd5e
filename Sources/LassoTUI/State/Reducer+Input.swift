/// Input that came in faster than one frame (a paste, keys typed while the screen was drawn), handled as a batch:
/// Ctrl-C first, and each run of typed characters inserted in one go.
extension AppState {
    /// The Ctrl-C key, which quits (or asks first) wherever the UI is.
    static let interrupt = InputEvent.key(.ctrl("c"))

    /// Where handling `events` starts: at the first Ctrl-C, when there is one, so that a person who interrupts a long
    /// paste is answered at once, as a terminal drops the input typed before an interrupt; else at the start.
    public static func start(of events: [InputEvent]) -> Int {
        events.firstIndex(of: interrupt) ?? 0
    }

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

    /// Handles a batch of events as the UI loop does (from the first Ctrl-C, runs of typed characters at once),
    /// stopping when the state says to quit; returns every effect asked for, in order.
    @discardableResult
    public mutating func handle(batch events: [InputEvent]) -> [Effect] {
        var effects: [Effect] = []
        var index = Self.start(of: events)
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
        case .hook(let form): return form.active
        case .versions(let form): return form.active
        case .askApp(let question): return question.active
        default: return nil
        }
    }
}
