import Foundation
import LassoDocuments
import LassoSnapshot

/// Counts event records line by line for one thread, from a shared `EventCountPlan`: scans each line's bytes for
/// the few fields a definition needs and checks event type, app key, version interval, location and content.
///
/// Versions are parsed once per distinct reported text and remembered; locations are matched on the reported
/// bytes (`EventPathPattern`), so a line costs one pass over its bytes and no allocation in the common case.
public struct EventCounter {
    public let plan: EventCountPlan
    public private(set) var tally: EventTally
    private var scan = EventRecordScan()
    /// This counter's own matcher of each regex (a matcher keeps a table as it goes, so it is never shared).
    private let regexes: [String: RegexMatcher]
    /// This counter's own compiled definitions and groups (`EventCountPlan.compile`).
    private let compiled: [EventCountPlan.Definition]
    private let groups: [EventCountPlan.Group]
    /// The definitions a record tracked through the catalogue counts for, by its event name and app key
    /// (`EventCountPlan.coded`).
    private let coded: [UInt64: [EventCountPlan.CodedName]]
    private static let numberKey = Array(EventCountPlan.numberKey.utf8)
    /// The versions seen, in a direct-mapped cache of `VersionSlots.count` slots by hash: each slot's hash, text
    /// (at most `VersionSlots.width` bytes) and which definitions' intervals hold it.
    private var slotHashes: [UInt64]
    private var slotLengths: [Int]
    private var slotTexts: [UInt8]
    private var slotAccepted: [Bool]
    private var slotReadable: [Bool]
    /// The version cache's size (a version longer than `width` bytes is judged in a spare slot past the last, each
    /// time it comes).
    private enum VersionSlots {
        static let count = 1024
        static let width = 32
    }
    /// The current line's version slot: -2 not looked up yet, -1 no version that reads.
    private var lineSlot = -2

    public init(plan: EventCountPlan) {
        self.plan = plan
        (compiled, groups) = EventCountPlan.compile(plan.definitions, format: plan.format)
        coded = EventCountPlan.coded(plan.definitions, format: plan.format)
        slotHashes = Array(repeating: 0, count: VersionSlots.count)
        slotLengths = Array(repeating: -1, count: VersionSlots.count)
        slotTexts = Array(repeating: 0, count: VersionSlots.count * VersionSlots.width)
        slotAccepted = Array(repeating: false, count: (VersionSlots.count + 1) * plan.definitions.count)
        slotReadable = Array(repeating: false, count: VersionSlots.count)
        tally = EventTally(definitions: plan.definitions.count)
        var regexes: [String: RegexMatcher] = [:]
        for definition in plan.compiled {
            for condition in definition.conditions {
                if case .regex(let pattern) = condition.test, regexes[pattern] == nil {
                    // A pattern that does not compile matches nothing; definitions are checked when they are read.
                    regexes[pattern] = try? RegexMatcher(pattern: pattern)
                }
            }
        }
        self.regexes = regexes
    }

    /// Starts a new tally (line numbers from 1 again), returning the one so far.
    public mutating func takeTally() -> EventTally {
        defer { tally = EventTally(definitions: plan.definitions.count) }
        return tally
    }

    /// Counts every line of `bytes` (lines end with `\n`; a last line without one counts too).
    public mutating func count(lines bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            let remaining = bytes.count - start
            let end: Int
            if let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), remaining) {
                end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            } else {
                end = bytes.count
            }
            count(line: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end + 1
        }
    }

    /// Counts one line (without its newline).
    public mutating func count(line: UnsafeBufferPointer<UInt8>) {
        tally.lines += 1
        var blank = true
        for byte in line where !(byte == 0x20 || byte == 0x09 || byte == 0x0D) {
            blank = false
            break
        }
        if blank { return }
        guard plan.format == .lasso else {
            let translated: [UInt8]
            do {
                translated = try ForeignRecord.translate(line, format: plan.format)
            } catch {
                tally.noteMalformed(line: tally.lines, reason: error.reason)
                return
            }
            translated.withUnsafeBufferPointer { countRecord($0) }
            return
        }
        countRecord(line)
    }

    /// Counts one record line of lasso's format.
    private mutating func countRecord(_ line: UnsafeBufferPointer<UInt8>) {
        do {
            try scan.scan(line)
        } catch {
            tally.noteMalformed(line: tally.lines, reason: error.reason)
            return
        }
        tally.records += 1
        // With buckets but no period, a record without a readable time still counts, in no bucket.
        var bucketStart: Int64? = nil
        if plan.time != nil || plan.bucket != nil {
            if let time = recordTime(line) {
                if let period = plan.time, !period.contains(time) { return }
                bucketStart = plan.bucket?.start(of: time)
            } else {
                tally.noTime += 1
                if plan.time != nil { return }
            }
        }
        if plan.collectsViews { noteView(line) }
        guard let event = scan.spans[EventRecordScan.Field.event.rawValue],
            let appKey = scan.spans[EventRecordScan.Field.appKey.rawValue]
        else { return }
        lineSlot = -2
        var grouped = false
        // By index: a group copied out per record would retain and release its three arrays.
        for group in groups.indices
        where Self.equal(line, event, groups[group].event) && Self.equal(line, appKey, groups[group].appKey) {
            grouped = true
            for index in groups[group].definitions where holds(index, line) {
                note(index, line, bucketStart: bucketStart)
            }
        }
        // A record of no event type a definition counts may be one the app tracked through the catalogue.
        if !grouped, !coded.isEmpty { countCoded(line, event: event, appKey: appKey, bucketStart: bucketStart) }
    }

    /// Counts `line` for each definition that names its event as a record tracked through the catalogue does.
    private mutating func countCoded(
        _ line: UnsafeBufferPointer<UInt8>, event: StringSpan, appKey: StringSpan, bucketStart: Int64?
    ) {
        let hash =
            event.escaped
            ? Array(Self.decode(line, event).utf8).withUnsafeBufferPointer { EventCountPlan.hash($0) }
            : EventCountPlan.hash(UnsafeBufferPointer(rebasing: line[event.start..<event.end]))
        guard let names = coded[hash] else { return }
        var number: [UInt8]?? = .none
        for name in names where Self.equal(line, event, name.event) && Self.equal(line, appKey, name.appKey) {
            if number == nil {
                number = .some(
                    scan.properties.flatMap { properties in
                        EventProperties.withValue(of: Self.numberKey, in: line, object: properties) {
                            $0.map(Array.init)
                        }
                    })
            }
            if let carried = number ?? nil, carried != name.number { continue }
            if compiled[name.index].limitsVersions {
                if lineSlot == -2 { lineSlot = versionSlot(line) }
                guard lineSlot >= 0, slotAccepted[lineSlot * compiled.count + name.index] else { continue }
            }
            note(name.index, line, bucketStart: bucketStart)
        }
    }

    /// Counts the record `line` for the definition `index`: its count, its time's bucket and its breakdown.
    private mutating func note(_ index: Int, _ line: UnsafeBufferPointer<UInt8>, bucketStart: Int64?) {
        tally.counts[index] += 1
        if let bucketStart {
            if tally.buckets.isEmpty { tally.buckets = Array(repeating: [:], count: compiled.count) }
            tally.buckets[index][bucketStart, default: 0] += 1
        }
        if let breakdown = plan.breakdown, breakdown.definition == index {
            noteBreakdown(line, key: breakdown.key)
        }
    }

    private mutating func holds(_ index: Int, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if compiled[index].limitsVersions {
            if lineSlot == -2 { lineSlot = versionSlot(line) }
            guard lineSlot >= 0, slotAccepted[lineSlot * compiled.count + index] else { return false }
        }
        if let pattern = compiled[index].path {
            guard let path = scan.spans[EventRecordScan.Field.viewPath.rawValue] else { return false }
            let pathMatches =
                path.escaped
                ? pattern.matches(Self.decode(line, path))
                : pattern.matches(UnsafeBufferPointer(rebasing: line[path.start..<path.end]))
            guard pathMatches else { return false }
        }
        guard !compiled[index].conditions.isEmpty else { return true }
        guard let properties = scan.properties else { return false }
        // Only the regexes go into the closure: capturing self would copy the whole counter per condition.
        let regexes = regexes
        for condition in compiled[index].conditions {
            let holds = EventProperties.withValue(of: condition.key, in: line, object: properties) { value in
                guard let value else { return false }
                return Self.test(condition.test, value, regexes: regexes)
            }
            if !holds { return false }
        }
        return true
    }

    /// The record's `time`, or nil when it reports none that reads.
    private func recordTime(_ line: UnsafeBufferPointer<UInt8>) -> EventTime? {
        guard let span = scan.spans[EventRecordScan.Field.time.rawValue] else { return nil }
        guard span.escaped else { return EventTime(UnsafeBufferPointer(rebasing: line[span.start..<span.end])) }
        return Array(Self.decode(line, span).utf8).withUnsafeBufferPointer { EventTime($0) }
    }

    private static func test(
        _ test: EventCountPlan.Condition.Test, _ value: UnsafeBufferPointer<UInt8>,
        regexes: [String: RegexMatcher]
    ) -> Bool {
        switch test {
        case .equals(let wanted): return Self.same(value, wanted)
        case .oneOf(let wanted): return wanted.contains { Self.same(value, $0) }
        case .contains(let wanted):
            guard !wanted.isEmpty else { return true }
            return Self.find(wanted, in: value)
        case .regex(let pattern):
            guard let regex = regexes[pattern] else { return false }
            return regex.matches(value)
        }
    }

    /// The slot of `slotAccepted` that says which definitions' intervals hold the record's version, or -1 when it
    /// reports none that reads.
    private mutating func versionSlot(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        guard let span = scan.spans[EventRecordScan.Field.appVersion.rawValue] else { return -1 }
        guard span.escaped else { return slot(for: UnsafeBufferPointer(rebasing: line[span.start..<span.end])) }
        return Array(Self.decode(line, span).utf8).withUnsafeBufferPointer { slot(for: $0) }
    }

    private mutating func slot(for text: UnsafeBufferPointer<UInt8>) -> Int {
        // FNV-1a: versions are a few bytes, and a slot's text is compared before its verdict is used.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let width = VersionSlots.width
        var slot = Int(truncatingIfNeeded: hash & UInt64(VersionSlots.count - 1))
        if text.count <= width {
            if slotLengths[slot] == text.count && slotHashes[slot] == hash
                && slotTexts.withUnsafeBufferPointer({ texts in
                    text.isEmpty || memcmp(texts.baseAddress! + slot * width, text.baseAddress!, text.count) == 0
                })
            {
                return slotReadable[slot] ? slot : -1
            }
        } else {
            slot = VersionSlots.count
        }
        let version = Self.recordVersion(text)
        for index in compiled.indices {
            slotAccepted[slot * compiled.count + index] = version.map { compiled[index].versions.contains($0) } ?? false
        }
        if slot < VersionSlots.count {
            slotReadable[slot] = version != nil
            slotHashes[slot] = hash
            slotLengths[slot] = text.count
            slotTexts.withUnsafeMutableBufferPointer { texts in
                if !text.isEmpty { memcpy(texts.baseAddress! + slot * width, text.baseAddress!, text.count) }
            }
        }
        return version == nil ? -1 : slot
    }

    /// A record's version as every engine's SQL reads it: spaces and tabs around it are ignored, and only they
    /// (`AppVersion` alone would also pass over other white space, which the SQL's trim keeps).
    static func recordVersion(_ text: UnsafeBufferPointer<UInt8>) -> AppVersion? {
        var start = 0
        var end = text.count
        while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
        while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        let trimmed = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
        guard trimmed.trimmingCharacters(in: .whitespaces) == trimmed else { return nil }
        return AppVersion(trimmed)
    }

    private mutating func noteBreakdown(_ line: UnsafeBufferPointer<UInt8>, key: [UInt8]) {
        let named: (name: String, shortened: Bool)? =
            scan.properties.flatMap { properties in
                EventProperties.withValue(of: key, in: line, object: properties) { value in
                    value.map(BreakdownValue.name)
                }
            }
        let value = named?.name
        if named?.shortened == true { tally.shortenedValues += 1 }
        if tally.breakdown[value] != nil || tally.breakdown.count < EventTally.breakdownLimit {
            tally.breakdown[value, default: 0] += 1
        } else {
            tally.otherValues += 1
        }
    }

    private mutating func noteView(_ line: UnsafeBufferPointer<UInt8>) {
        if let path = scan.spans[EventRecordScan.Field.viewPath.rawValue] {
            tally.viewPaths[Self.decode(line, path), default: 0] += 1
        }
        if let id = scan.spans[EventRecordScan.Field.viewId.rawValue] {
            tally.viewIds[Self.decode(line, id), default: 0] += 1
        }
    }

    private static func decode(_ line: UnsafeBufferPointer<UInt8>, _ span: StringSpan) -> String {
        ByteScanner(line).decode(span)
    }

    /// True when the string at `span` of `line` is `wanted`.
    private static func equal(_ line: UnsafeBufferPointer<UInt8>, _ span: StringSpan, _ wanted: [UInt8]) -> Bool {
        if span.escaped { return Array(decode(line, span).utf8) == wanted }
        return same(UnsafeBufferPointer(rebasing: line[span.start..<span.end]), wanted)
    }

    /// True when `needle` (not empty) occurs in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        return needle.withUnsafeBufferPointer { needle in
            let first = Int32(needle[0])
            var start = 0
            let last = haystack.count - needle.count
            while start <= last {
                guard let hit = memchr(base + start, first, last - start + 1) else { return false }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + offset, needle.baseAddress!, needle.count) == 0 { return true }
                start = offset + 1
            }
            return false
        }
    }

    @inline(__always)
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ wanted: [UInt8]) -> Bool {
        guard bytes.count == wanted.count else { return false }
        guard let base = bytes.baseAddress else { return wanted.isEmpty }
        return wanted.withUnsafeBufferPointer { memcmp(base, $0.baseAddress!, wanted.count) == 0 }
    }
}
