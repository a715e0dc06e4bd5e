import LassoSnapshot

/// The two edits a release check makes to a config's versions: end a broken config at the new version, and let a
/// config that still works go on into it.
public enum VersionEdits {
    /// `versions` ending at `version`: every interval holding it now stops there (intervals entirely after it stay).
    /// Nil when nothing would be left, since an empty list means every version (docs/config-format.md, "Versions").
    public static func closing(_ versions: VersionRanges, at version: AppVersion) -> VersionRanges? {
        guard !versions.intervals.isEmpty else { return VersionRanges([VersionInterval(until: version)]) }
        var kept: [VersionInterval] = []
        for var interval in versions.intervals {
            if interval.contains(version) {
                interval.until = version
                if interval.isEmpty { continue }
            }
            kept.append(interval)
        }
        return kept.isEmpty ? nil : VersionRanges(kept)
    }

    /// `versions` covering `version` too: the latest interval that ends at or before it is stretched up to the start of
    /// the next interval after it (or left open), and touching intervals are merged. Nil when no interval ends before it.
    public static func extending(_ versions: VersionRanges, to version: AppVersion) -> VersionRanges? {
        guard !versions.contains(version) else { return versions }
        let endingBefore = versions.intervals.indices.filter { index in
            guard let until = versions.intervals[index].until else { return false }
            return !(version < until)
        }
        guard let latest = endingBefore.max(by: { versions.intervals[$0].until! < versions.intervals[$1].until! })
        else { return nil }
        var intervals = versions.intervals
        let nextStart = intervals.compactMap(\.from).filter { version < $0 }.min()
        intervals[latest].until = nextStart
        return VersionRanges(merged(intervals))
    }

    /// The intervals sorted by start, with overlapping or touching ones joined.
    static func merged(_ intervals: [VersionInterval]) -> [VersionInterval] {
        let sorted = intervals.sorted { left, right in
            switch (left.from, right.from) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let a?, let b?): return a < b
            }
        }
        var result: [VersionInterval] = []
        for interval in sorted {
            if var last = result.last {
                let touches: Bool
                if let until = last.until, let from = interval.from {
                    touches = !(until < from)
                } else {
                    touches = true
                }
                if touches {
                    if let until = last.until, let other = interval.until {
                        last.until = until < other ? other : until
                    } else {
                        last.until = nil
                    }
                    result[result.count - 1] = last
                    continue
                }
            }
            result.append(interval)
        }
        return result
    }
}
