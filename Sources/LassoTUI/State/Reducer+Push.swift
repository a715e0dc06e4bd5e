/// The push panel: asking the runner for the plan, showing it, and sending it on Enter.
extension AppState {
    mutating func reducePush(_ action: Action, _ panel: inout PushPanel) {
        switch action {
        case .applyPush:
            guard panel.canApply, !panel.busy else { return }
            panel = PushPanel(lines: panel.lines + ["", "Sending…"], busy: true)
            pendingEffect = .applyPush
        case .pushFinished(let lines, let canApply, let failed):
            panel = PushPanel(lines: lines, busy: false, canApply: canApply, failed: failed)
            if !canApply && !failed { configs = (try? configsDirectory.load()) ?? configs }
        default:
            break
        }
        overlay = .push(panel)
    }
}
