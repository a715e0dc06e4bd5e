import LassoTUI

/// Runs the terminal UI: input goes to the reducer, the effects it asks for to the runner (their outcomes back to
/// the reducer), and the state is drawn after every change.
@MainActor
public struct TerminalLoop {
    private let terminal: CursesTerminal
    private let runner: EffectRunner

    public init(terminal: CursesTerminal, runner: EffectRunner) {
        self.terminal = terminal
        self.runner = runner
    }

    /// Runs until the state says to quit; returns the final state.
    public func run(_ start: AppState) async -> AppState {
        var state = start
        terminal.draw(Renderer.render(state))
        await perform(state.startEffects, on: &state)
        while !state.shouldQuit {
            guard let event = terminal.nextEvent() else { continue }
            if case .resize = event { terminal.invalidate() }
            let effects = state.handle(event)
            terminal.draw(Renderer.render(state))
            await perform(effects, on: &state)
        }
        return state
    }

    /// Does effects one by one, feeding each outcome back, drawing after each.
    private func perform(_ effects: [Effect], on state: inout AppState) async {
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            if effect == .repaint {
                terminal.invalidate()
            } else if let outcome = await runner.perform(effect) {
                queue += state.reduce(outcome)
            }
            terminal.draw(Renderer.render(state))
        }
    }
}
