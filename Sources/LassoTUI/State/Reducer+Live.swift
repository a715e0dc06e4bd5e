import LassoDocuments

/// Following a phone (`lasso open --live`): its next screen opens when nothing is open, its echoes are said, and a
/// config saved goes to it.
extension AppState {
    /// A newer screen came (or none while the server waited: ask again); it opens at once unless a form or list is
    /// open, else when that closes.
    mutating func liveScreen(_ outcome: Result<LiveScreenSummary?, EffectFailure>) -> [Effect] {
        guard var follow = live else { return [] }
        switch outcome {
        case .failure(let failure):
            say(.warning("live: \(failure.message); asking the server again"))
            return [.followLive(app: follow.app, after: follow.after)]
        case .success(nil):
            return [.followLive(app: follow.app, after: follow.after)]
        case .success(let screen?):
            follow.pending = screen
            follow.after = max(follow.after, screen.id)
            live = follow
            if overlay != .none {
                say(.info("the phone moved to \(LiveFollow.shortName(screen)): it opens here when you close this"))
            }
            return [.followLive(app: follow.app, after: screen.id)]
        }
    }

    /// Opens the pending screen when nothing is open over the screen: the loop ends, and the command opens it.
    mutating func followLiveIfDue() -> [Effect] {
        guard var follow = live, let pending = follow.pending, follow.next == nil, follow.sending == 0,
            overlay == .none, !shouldQuit
        else { return [] }
        follow.next = pending
        follow.pending = nil
        follow.carried = follow.note
        live = follow
        shouldQuit = true
        return []
    }

    mutating func liveEchoes(_ outcome: Result<[LiveEchoSummary], EffectFailure>) -> [Effect] {
        guard var follow = live else { return [] }
        switch outcome {
        case .failure(let failure):
            say(.warning("live: \(failure.message); asking the server again"))
        case .success(let echoes):
            if let last = echoes.last {
                follow.echoSeq = max(follow.echoSeq, last.seq)
                live = follow
                let words = last.words + (echoes.count > 1 ? " (and \(echoes.count - 1) before it)" : "")
                live?.note = words
                say(.info(words))
            }
        }
        return [.followEchoes(pairing: follow.screen.pairing, after: follow.echoSeq)]
    }

    mutating func sentToPhone(_ outcome: Result<String, EffectFailure>) -> [Effect] {
        live?.sending -= 1
        switch outcome {
        case .success(let name):
            live?.note = "sent \(name) to the phone"
            say(
                .info(
                    "sent \(name) to the phone: tap it there, and what fires shows here (\(KeyHint.openPush.key) publishes it to every phone)"
                ))
        case .failure(let failure):
            say(.warning("not sent to the phone: \(failure.message)"))
        }
        return []
    }
}

extension AppState {
    /// Goes on following the phone on this screen after its next one could not be opened (`reason`), and says so.
    public mutating func skipLiveScreen(_ screen: LiveScreenSummary, because reason: String) {
        shouldQuit = false
        if var follow = live {
            follow.next = nil
            follow.after = max(follow.after, screen.id)
            live = follow
        }
        say(
            .warning(
                "the phone's screen \(screen.id) (\(LiveFollow.shortName(screen))) could not be opened: \(reason); still following"
            ))
    }

    /// Starts following a phone on this state's screen; `movedFrom`, the screen shown before it, is said, and so is
    /// what the status line said there (`carried`).
    public mutating func follow(_ follow: LiveFollow, movedFrom previous: LiveScreenSummary?, carried: String? = nil) {
        live = follow
        if let previous {
            let moved =
                previous.screen == follow.screen.screen
                ? "the phone's screen changed (\(LiveFollow.shortName(follow.screen)), screen \(follow.screen.id))"
                : "the phone moved from \(LiveFollow.shortName(previous)) to \(LiveFollow.shortName(follow.screen))"
            say(.info(moved + (carried.map { " · " + $0 } ?? "")))
        } else if message == nil {
            say(.info("following the phone: its screen changes here when it changes there; circle as usual"))
        }
    }
}
