import ArgumentParser
import Foundation
import LassoClient
import LassoCore
import LassoTUI
import LassoTerminal

/// `lasso open` (and `lasso SNAPSHOT`): the circle-selection terminal UI.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open a snapshot in the terminal UI: find a view, circle it, save a config.",
        discussion: "Keys: ? in the UI lists them all. q quits.")

    @Argument(help: "The snapshot file.") var snapshot: String
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @OptionGroup var input: SnapshotInputOptions
    @OptionGroup var profile: ProfileOptions

    @MainActor
    func run() async throws {
        // What an import could not know is said in the status line: standard error is hidden behind the UI.
        var notes = ImportNotes()
        let screen = try Screen(path: snapshot, profile: profile, input: input, notes: &notes)
        let directory = screen.settings.configDirectory(override: configs)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal()
        } catch let error as TerminalError {
            throw LassoError(.usage, error.description)
        }
        defer { terminal.restore() }
        var state = AppState(
            table: screen.table, settings: screen.settings, configsDirectory: directory, size: terminal.size)
        if !notes.texts.isEmpty { state.status = "imported: " + notes.texts.joined(separator: " · ") }
        terminal.draw(Renderer.render(state))
        let pusher = UIPusher(settings: screen.settings, directory: directory, appKey: state.appKey)
        var plan: PushPlan?
        while !state.shouldQuit {
            guard let event = terminal.nextEvent() else { continue }
            if case .resize = event { terminal.invalidate() }
            if event == .key(.ctrl("l")) { terminal.invalidate() }
            state.handle(event)
            terminal.draw(Renderer.render(state))
            // Network work happens here, outside the reducer; its outcome comes back as an action.
            if let effect = state.pendingEffect {
                state.pendingEffect = nil
                let (outcome, nextPlan) = await pusher.perform(effect, plan: plan)
                plan = nextPlan
                state.reduce(outcome)
                terminal.draw(Renderer.render(state))
            }
        }
        terminal.restore()
        if !state.status.isEmpty && state.status.hasPrefix("saved") { print("lasso: " + state.status) }
    }
}
