import Foundation
import LassoSnapshot

/// The versions a form's `from` and `until` fields make, shared by the drafts of every kind of document (configs,
/// event definitions, hook configs): the earlier intervals and the one the fields make (none when all are open), an
/// edited document keeping its own when they say the same.
public enum DraftVersions {
    /// The versions of `from` and `until` after `earlier`; `original` (an edited document's versions) when they say
    /// the same.
    public static func make<Problem: DraftFieldsProblem>(
        from: String, until: String, earlier: [VersionInterval], original: VersionRanges?
    ) -> Result<VersionRanges, Problem> {
        let fromText = from.trimmingCharacters(in: .whitespaces)
        let untilText = until.trimmingCharacters(in: .whitespaces)
        let start = AppVersion(fromText)
        let end = AppVersion(untilText)
        if !fromText.isEmpty && start == nil { return .failure(.badFrom(from)) }
        if !untilText.isEmpty && end == nil { return .failure(.badUntil(until)) }
        let interval = VersionInterval(from: start, until: end)
        if interval.isEmpty, let start, let end {
            return .failure(.emptyInterval(from: start.text, until: end.text))
        }
        let intervals = earlier + [interval]
        if let original, original.intervals == intervals { return .success(original) }
        return .success(VersionRanges(earlier.isEmpty && interval == VersionInterval() ? [] : intervals))
    }
}
