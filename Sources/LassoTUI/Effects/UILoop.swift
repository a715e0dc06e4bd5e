import LassoDocuments

/// Runs the UI: input goes to the reducer, all that is waiting at once, and the screen is drawn after every change;
/// the folder's effects are done at once, in order, and the network's run concurrently (`InFlightEffects`), their
/// outcomes fed back as they come.
@MainActor
public struct UILoop {
    private let screen: any UIScreen
    private let runner: EffectRunner

    /// The most input events taken in before a frame is drawn, so that the screen keeps up during an endless stream.
    static let batchLimit = 16_384

    public init(screen: any UIScreen, runner: EffectRunner) {
        self.screen = screen
        self.runner = runner
    }

    /// Runs until the state says to quit; returns the final state. Effects still running then are cancelled.
    public func run(_ start: AppState) async -> AppState {
        var state = start
        let inFlight = InFlightEffects(runner: runner)
        defer { inFlight.cancelAll() }
        screen.draw(Renderer.render(state))
        perform(state.startEffects, on: &state, inFlight: inFlight)
        var folder = FolderWatch(runner.documents)
        while !state.shouldQuit {
            // Lets the tasks of effects and anything else waiting for the main actor go on.
            await Task.yield()
            var changed = false
            for outcome in inFlight.takeAnswered() {
                perform(state.reduce(outcome), on: &state, inFlight: inFlight)
                changed = true
            }
            if let event = screen.nextEvent() {
                // Everything that came in meanwhile is taken in before the next frame is drawn: a paste is one
                // insertion and one frame, not one a character, so a Ctrl-C after it is answered in that frame.
                var events = [event]
                while events.count < Self.batchLimit, let more = screen.pendingEvent() { events.append(more) }
                var index = 0
                while index < events.count && !state.shouldQuit {
                    if case .resize = events[index] { screen.invalidate() }
                    let step = state.handle(events, at: index)
                    perform(step.effects, on: &state, inFlight: inFlight)
                    index = step.next
                }
                changed = true
            }
            if folder.changed() {
                // The configs folder changed under the UI (a git pull, an editor): read it again.
                perform(DocumentKind.allCases.map(Effect.load), on: &state, inFlight: inFlight)
                changed = true
            }
            if changed { screen.draw(Renderer.render(state)) }
        }
        return state
    }

    /// Does the folder's effects one by one, feeding each outcome back, and starts the network's.
    private func perform(_ effects: [Effect], on state: inout AppState, inFlight: InFlightEffects) {
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            if effect == .repaint {
                screen.invalidate()
            } else if effect.needsNetwork {
                inFlight.start(effect)
            } else if let outcome = runner.performOnDisk(effect) {
                queue += state.reduce(outcome)
            }
        }
    }
}

/// Notices, at most once a second, that the configs folder (any kind of document in it) changed since it was last
/// looked at.
struct FolderWatch {
    private let documents: any DocumentRepository
    private var last: [Int?]
    private var lastLook = ContinuousClock.now

    init(_ documents: any DocumentRepository) {
        self.documents = documents
        last = DocumentKind.allCases.map(documents.stamp)
    }

    /// True when a second has passed since the last look and the folder's stamp is not what it was.
    mutating func changed() -> Bool {
        let now = ContinuousClock.now
        guard now - lastLook >= .seconds(1) else { return false }
        lastLook = now
        let stamp = DocumentKind.allCases.map(documents.stamp)
        defer { last = stamp }
        return stamp != last
    }
}

extension Effect {
    /// True for the effects that may take long: talking to the config server (as long as its timeout) and
    /// counting logs.
    public var needsNetwork: Bool {
        switch self {
        case .planPush, .sendPush, .countTaps, .finishLoading, .followLive, .followEchoes, .sendToPhone: return true
        case .load, .save, .delete, .writeAppKey, .writeServer, .repaint, .freshStamp:
            return false
        }
    }
}
