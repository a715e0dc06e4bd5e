import LassoDocuments
import LassoSnapshot

/// The push panel: asking the runner for the plan, showing it, and sending it on Enter.
extension AppState {
    mutating func reducePush(_ action: Action, _ panel: inout PushPanel) -> [Effect] {
        var effects: [Effect] = []
        if action == .applyPush, let plan = panel.plan, !panel.busy {
            panel = PushPanel(lines: panel.lines + ["", "Sending…"], busy: true)
            effects = [.sendPush(plan, appKey: appKey)]
        }
        overlay = .push(panel)
        if action == .pruneServerOnly, !panel.busy {
            if panel.serverOnly > 0 {
                ask(.confirmPrune(count: panel.serverOnly))
            } else {
                say(.info("nothing is only on the server: there is nothing to delete there"))
            }
        }
        return effects
    }

    /// Opens the push panel and asks the runner for the plan; with no app key known, asks for one first.
    mutating func openPush() -> [Effect] {
        guard usableAppKey != nil else {
            askAppKey(then: .push)
            return []
        }
        if needsServer || needsToken {
            ask(
                .askApp(
                    AppQuestion(
                        server: settings.server ?? "http://", then: .push,
                        file: settings.file ?? ProjectSettings.fileName)))
            if !needsServer, case .askApp(var question) = overlay {
                question.field = .token
                overlay = .askApp(question)
            }
            return []
        }
        return startPlan()
    }

    /// Opens the push panel on the plan being read.
    mutating func startPlan() -> [Effect] {
        overlay = .push(PushPanel(lines: ["Reading the server's configs…"], busy: true))
        return [.planPush(appKey: appKey, prune: false)]
    }

    /// The runner's answer to a plan or a send; after a send, the folder is read again.
    mutating func pushAnswered(_ outcome: Result<PushReply, EffectFailure>, sent: Bool) -> [Effect] {
        guard case .push = overlay else { return [] }
        switch outcome {
        case .success(let reply):
            let told = sent && !reply.failed ? sdkLines() : []
            overlay = .push(
                PushPanel(
                    lines: reply.lines + told, busy: false, plan: reply.plan, failed: reply.failed,
                    serverOnly: reply.serverOnly, serverOnlyNames: reply.serverOnlyNames))
            return sent ? Self.readFolder : []
        case .failure(let failure):
            overlay = .push(PushPanel(lines: ["cannot push: " + failure.message], busy: false, failed: true))
            return []
        }
    }

    /// After a push in an SDK's profile: where that SDK fetches what was pushed, in its own protocol.
    func sdkLines() -> [String] {
        let server =
            (settings.server ?? "").hasSuffix("/") ? String((settings.server ?? "").dropLast()) : settings.server ?? ""
        let app = appKey ?? ""
        switch settings.sdkProfile {
        case .sensors, .sensorsAndroid:
            let file = settings.sdkProfile == .sensors ? "iOS.conf" : "Android.conf"
            return [
                "", "Sensors SDKs fetch these configs in their own protocol:",
                "  \(server)/config/visualized/\(file)?app_id=\(app)&project=default",
            ]
        case .mixpanel:
            return [
                "", "Mixpanel codeless SDKs (iOS up to 3.9.2) read these as event bindings at launch:",
                "  \(server)/decide?token=\(app) (route /decide there from your Mixpanel serverURL)",
            ]
        case .lasso, .sensorsSelector, .growingio, .posthog:
            return []
        }
    }
}
