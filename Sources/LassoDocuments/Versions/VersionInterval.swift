import LassoSnapshot

/// A half-open interval of app versions, `from` inclusive and `until` exclusive, either end optional (docs/config-format.md, "Versions").
public struct VersionInterval: Sendable, Hashable, CustomStringConvertible {
    public var from: AppVersion?
    public var until: AppVersion?

    public init(from: AppVersion? = nil, until: AppVersion? = nil) {
        self.from = from
        self.until = until
    }

    public func contains(_ version: AppVersion) -> Bool {
        if let from, version < from { return false }
        if let until, !(version < until) { return false }
        return true
    }

    /// True when no version lies in it (`until` at or before `from`).
    public var isEmpty: Bool {
        guard let from, let until else { return false }
        return !(from < until)
    }

    public func overlaps(_ other: VersionInterval) -> Bool {
        let lower = [from, other.from].compactMap { $0 }.max()
        let upper = [until, other.until].compactMap { $0 }.min()
        guard let lower, let upper else { return true }
        return lower < upper
    }

    public var description: String {
        switch (from, until) {
        case (nil, nil): return "every version"
        case (let from?, nil): return "\(from) on"
        case (nil, let until?): return "before \(until)"
        case (let from?, let until?): return "\(from) up to \(until) (not included)"
        }
    }
}

/// A config's list of intervals: empty means every version.
public struct VersionRanges: Sendable, Hashable, CustomStringConvertible {
    public var intervals: [VersionInterval]

    public init(_ intervals: [VersionInterval] = []) { self.intervals = intervals }

    public func contains(_ version: AppVersion) -> Bool {
        intervals.isEmpty || intervals.contains { $0.contains(version) }
    }

    public func overlaps(_ other: VersionRanges) -> Bool {
        let mine = intervals.isEmpty ? [VersionInterval()] : intervals
        let theirs = other.intervals.isEmpty ? [VersionInterval()] : other.intervals
        return mine.contains { interval in theirs.contains { interval.overlaps($0) } }
    }

    public var description: String {
        intervals.isEmpty ? "every version" : intervals.map(\.description).joined(separator: ", ")
    }
}
