import Dispatch
import Foundation
import LassoDocuments
import LassoSnapshot

/// Counts the SDK's records for `lasso open --log` with the counter `lasso event count` uses: each config as a
/// definition of its event and path with no content (its taps), each named event, and every record per reported
/// viewPath (each view's own records, of any event, for the heat map).
public struct LogTapCounter: Sendable {
    public init() {}

    public func count(_ request: TapCountRequest) async throws -> TapCounts {
        // The count blocks its thread for as long as the logs take: it runs on a queue of its own, not the tasks'.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                do {
                    continuation.resume(returning: try Self.countNow(request))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    public static func countNow(_ request: TapCountRequest) throws -> TapCounts {
        let configs = request.configs.map { config in
            EventDefinition(
                id: config.id, appKey: config.appKey, name: config.keyName, key: config.keyName,
                versions: config.versions, viewEvent: config.viewEvent, viewPath: config.viewPath)
        }
        // Named events are also counted per day, for their sparklines in the list.
        let plan = EventCountPlan(definitions: configs + request.definitions, collectsViews: true, bucket: .day)
        // One core is left to the UI.
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        let files = try EventLogCounting.count(files: request.logs, plan: plan, threads: threads)
        var counts = TapCounts()
        var perDefinition = Array(repeating: 0, count: plan.definitions.count)
        var byPath: [String: Int] = [:]
        var days = Array(repeating: [Int64: Int](), count: plan.definitions.count)
        for file in files {
            for (index, counts) in file.tally.buckets.enumerated() { days[index].merge(counts, uniquingKeysWith: +) }
            counts.records += file.tally.records
            counts.skipped += file.tally.malformed
            for (index, count) in file.tally.counts.enumerated() { perDefinition[index] += count }
            byPath.merge(file.tally.viewPaths, uniquingKeysWith: +)
        }
        for (index, config) in request.configs.enumerated() { counts.configs[config.id] = perDefinition[index] }
        for (index, definition) in request.definitions.enumerated() {
            counts.definitions[definition.id] = perDefinition[configs.count + index]
        }
        // The logs' last days (of any config's or definition's records), the same for every named event.
        if let latest = days.flatMap(\.keys).max() {
            counts.latestDay = latest
            let first = latest - Int64(TapCounts.daysShown - 1) * 86_400
            let earliest = max(first, days.flatMap(\.keys).min() ?? latest)
            for (index, definition) in request.definitions.enumerated() {
                let perDay = days[configs.count + index]
                counts.definitionDays[definition.id] = stride(from: earliest, through: latest, by: 86_400).map {
                    perDay[$0] ?? 0
                }
            }
        }
        // Each reported viewPath read in whatever notation it is written, then found among this screen's views.
        var parsed: [ViewPath: Int] = [:]
        for (text, count) in byPath {
            guard let path = try? PathNotation.parse(text) else { continue }
            parsed[path, default: 0] += count
        }
        for (node, path) in request.viewPaths.enumerated() {
            if let taps = parsed[path] { counts.views[node] = taps }
        }
        return counts
    }
}
