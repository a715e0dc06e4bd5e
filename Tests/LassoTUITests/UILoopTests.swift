import Foundation
import LassoDocuments
import LassoTUI
import Synchronization
import Testing

/// A config server that does not answer until the test lets it: the push a person started stays in flight.
final class StalledPush: PushService {
    private let released = Mutex(false)
    private let asked = Mutex(0)

    /// How many plans were asked for so far.
    var plansAsked: Int { asked.withLock { $0 } }

    func release() { released.withLock { $0 = true } }

    func plan(appKey: String?, prune: Bool) async throws -> PushReply {
        asked.withLock { $0 += 1 }
        while !released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        return PushReply(lines: ["plan for shop-ios: nothing to do"])
    }

    func send(_ plan: PushPlan, appKey: String?) async throws -> PushReply { PushReply(lines: ["done"]) }
}

/// One line of a screen's script: the event `nextEvent` returns (nil: none came), after running `step`.
struct ScriptLine {
    var event: InputEvent?
    var step: @MainActor () -> Void = {}
}

/// A screen that plays keys one per `nextEvent`, keeps every frame drawn, and runs a step of the test's between keys.
@MainActor
final class ScriptedScreen: UIScreen {
    private var script: [ScriptLine]
    private(set) var frames: [String] = []
    /// Notes the script's steps write down.
    var notes: [String] = []
    private var quitting = false

    init(_ script: [ScriptLine]) { self.script = script }

    func load(_ script: [ScriptLine]) { self.script = script }

    func nextEvent() -> InputEvent? {
        guard !script.isEmpty else {
            // Done: close what is open, then quit.
            quitting.toggle()
            return .key(quitting ? .escape : .char("q"))
        }
        let line = script.removeFirst()
        line.step()
        let event = line.event
        if event == nil { Thread.sleep(forTimeInterval: 0.01) }
        return event
    }

    func draw(_ grid: Grid) { frames.append(grid.text) }
    func invalidate() {}
}

@Suite("The UI loop: effects run beside the keys")
struct UILoopTests {
    @Test("keys answer while a push waits for a server that does not answer; its outcome comes in when it does")
    @MainActor
    func keysAnswerDuringAStalledPush() async throws {
        let state = try TUIFixtures.state(width: 100, height: 30)
        let push = StalledPush()
        let screen = ScriptedScreen([])
        let wait = ScriptLine(event: nil)
        let script: [ScriptLine] =
            [
                ScriptLine(event: .key(.char("P"))),
                // The push is in flight: close its panel and move in the outline, twice.
                ScriptLine(event: .key(.escape)),
                ScriptLine(event: .key(.char("j"))),
                ScriptLine(event: .key(.char("j"))),
                wait,
                ScriptLine(event: nil) { [unowned screen] in screen.notes.append("asked \(push.plansAsked)") },
                // Open the panel again: it asks again; then let the server answer.
                ScriptLine(event: .key(.char("P"))),
                ScriptLine(event: nil) { push.release() },
            ] + Array(repeating: wait, count: 200)
        screen.load(script)
        let runner = EffectRunner(documents: FakeDocuments(), push: push)
        let final = await UILoop(screen: screen, runner: runner).run(state)
        // The moves were taken and drawn while the first plan was still unanswered.
        #expect(screen.notes == ["asked 1"])
        #expect(final.cursor == state.cursor + 2)
        #expect(screen.frames.contains { $0.contains("plan for shop-ios: nothing to do") })
        #expect(final.shouldQuit)
    }
}
