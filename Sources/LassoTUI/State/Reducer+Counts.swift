import LassoCounting
import LassoDocuments
import LassoSnapshot

/// The numbers on the screen: counting the logs in the background, taking the counts, the heat map.
extension AppState {
    /// Asks the runner to count the logs for the configs and definitions as they are now (nothing without logs);
    /// while a count runs, another is only noted, and started when it ends.
    mutating func countEffects() -> [Effect] {
        // The logs are counted against the whole snapshot's paths: once it is loaded.
        guard !logs.isEmpty, loading == nil else { return [] }
        let configs = appConfigs.map(\.config)
        let definitions = appDefinitions.map(\.definition)
        // The folder read again with nothing changed (the list opened, a file touched) is not counted again.
        if countedConfigs == configs && countedDefinitions == definitions && (counting || counts != nil) {
            return []
        }
        if counting {
            recountPending = true
            return []
        }
        counting = true
        recountPending = false
        countedConfigs = configs
        countedDefinitions = definitions
        let request = TapCountRequest(
            logs: logs, configs: configs, definitions: definitions,
            viewPaths: snapshot.indices.map { table.path(of: $0) })
        return [.countTaps(request)]
    }

    /// The runner's answer to a count.
    mutating func tapsCounted(_ outcome: Result<TapCounts, EffectFailure>) -> [Effect] {
        counting = false
        switch outcome {
        case .success(let counted):
            // Only the first count is said: a recount after a save must not hide what the save said (where the file
            // went, and that m names an event there).
            let first = counts == nil
            counts = counted
            countFailure = nil
            if first && (message == nil || message?.kind == .info) {
                let skipped =
                    counted.skipped == 0
                    ? ""
                    : counted.skipped == 1
                        ? " (1 line was not a record and was skipped)"
                        : " (\(counted.skipped) lines were not records and were skipped)"
                say(
                    .info(
                        "counted \(counted.records) records in \(logs.count == 1 ? "the log" : "\(logs.count) logs")\(skipped)"
                    ))
            }
        case .failure(let failure):
            countFailure = failure.message
            say(.error("cannot count the logs: \(failure.message)"))
        }
        return recountPending ? countEffects() : []
    }

    /// The heat map on or off: it needs counts (or a count under way).
    mutating func toggleHeatMap() {
        guard !logs.isEmpty else {
            say(.info("no numbers to show: open the screen with --log LOG (the SDK's records) to see taps"))
            return
        }
        heatMap.toggle()
        if heatMap && counts == nil {
            say(.info("heat map on: counting the logs…"))
        } else {
            say(.info(heatMap ? "heat map: views coloured by their taps (scale in the legend)" : "heat map off"))
        }
    }

    /// A config's taps, when counted.
    public func taps(ofConfig id: String) -> Int? { counts?.configs[id] }

    /// A definition's count, when counted.
    public func count(ofDefinition id: String) -> Int? { counts?.definitions[id] }

    /// A definition's records per day over the logs' last days, oldest first; nil before a count or without times.
    public func days(ofDefinition id: String) -> [Int]? {
        guard let days = counts?.definitionDays[id], !days.isEmpty else { return nil }
        return days
    }
}
