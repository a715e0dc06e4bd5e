import ArgumentParser
import LassoCounting
import LassoSnapshot

/// The period a count or export covers: `--since TIME` (included) and `--until TIME` (not included), each an
/// ISO 8601 time as records carry it or a date alone (midnight UTC).
struct EventTimeOptions: ParsableArguments {
    @Option(
        help: "Count records from this time on (ISO 8601: 2026-11-20T08:00:00Z, …+08:00, no zone is UTC, or a date).")
    var since: String?
    @Option(help: "Count records before this time (not included; ISO 8601 or a date).") var until: String?

    /// The period, or nil when neither end is given; fails on a time that does not read or an empty period.
    func range() throws(LassoError) -> EventTimeRange? {
        guard since != nil || until != nil else { return nil }
        let from = try since.map { text throws(LassoError) in try Self.read(text, option: "--since") }
        let to = try until.map { text throws(LassoError) in try Self.read(text, option: "--until") }
        if let from, let to, to <= from {
            throw LassoError(
                .usage, "--until: expected a time after --since (\(since ?? "")), found \"\(until ?? "")\"")
        }
        return EventTimeRange(since: from, until: to)
    }

    private static func read(_ text: String, option: String) throws(LassoError) -> EventTime {
        guard let time = EventTime(filter: text) else {
            throw LassoError(
                .usage,
                "\(option): expected an ISO 8601 time (2026-11-20T08:00:00Z, 2026-11-20T16:00:00.250+08:00; one with no zone is UTC) or a date (2026-11-20), found \"\(DisplayText.escaped(text))\""
            )
        }
        return time
    }
}
