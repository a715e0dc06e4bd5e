import LassoDocuments
import LassoSnapshot

/// Event definitions made ready for counting records: their locations compiled, their texts as bytes, grouped by
/// event type and app key (docs/event-records.md, "How a record is counted").
///
/// A plan is shared by the threads that count; each makes its own `EventCounter` from it.
public struct EventCountPlan: Sendable {
    /// A content condition with its texts as bytes.
    struct Condition: Sendable {
        enum Test: Sendable {
            case equals([UInt8])
            case oneOf([[UInt8]])
            case contains([UInt8])
            case regex(String)
        }

        var key: [UInt8]
        var test: Test
    }

    /// One definition as the counter checks it.
    struct Definition: Sendable {
        var versions: VersionRanges
        /// Whether the definition has version intervals (without any it takes every record).
        var limitsVersions: Bool
        /// Nil for a page view in an SDK's profile, whose records carry no element path (its page is a condition).
        var path: EventPathPattern?
        var conditions: [Condition]
    }

    /// The definitions of one event type and app key.
    struct Group: Sendable {
        var event: [UInt8]
        var appKey: [UInt8]
        var definitions: [Int]
    }

    /// The property in which a record the app tracked through the catalogue carries its event's number
    /// (docs/event-catalogue.md, "Counted with the circled taps").
    public static let numberKey = "event_number"

    public let definitions: [EventDefinition]
    /// The SDK whose records are counted; another SDK's lines are rewritten as lasso records first (`ForeignRecord`).
    public let format: RecordFormat
    let compiled: [Definition]
    let groups: [Group]
    /// The definition whose counted records are broken down, and by which reported key.
    let breakdown: (definition: Int, key: [UInt8])?
    /// Whether records are also counted per viewPath and viewId.
    let collectsViews: Bool
    let readsProperties: Bool
    /// The period counted, when the count has one: records outside it, or without a readable `time`, count for
    /// no definition.
    public let time: EventTimeRange?
    /// When set, each definition's counted records are also counted per bucket of their `time` (a record without a
    /// readable time is in no bucket; it still counts unless there is a period).
    public let bucket: EventBucket?

    /// - Parameters:
    ///   - breakdown: the index of one definition in `definitions` and a key of `properties`: its counted records
    ///     are also counted per reported value of that key.
    ///   - collectsViews: count every record per reported viewPath and viewId too (as `lasso open --log` shows).
    ///   - time: count only records whose `time` lies in this period.
    ///   - bucket: also count each definition's records per hour, day or week of their `time`.
    public init(
        definitions: [EventDefinition], breakdown: (definition: Int, key: String)? = nil, collectsViews: Bool = false,
        time: EventTimeRange? = nil, bucket: EventBucket? = nil, format: RecordFormat = .lasso
    ) {
        self.time = time
        self.bucket = bucket
        self.definitions = definitions
        self.format = format
        (compiled, groups) = Self.compile(definitions, format: format)
        self.breakdown = breakdown.map { ($0.definition, Array($0.key.utf8)) }
        self.collectsViews = collectsViews
        readsProperties =
            breakdown != nil || definitions.contains { !$0.recorded.content.isEmpty || $0.screen != nil }
    }

    /// One definition as a record the app tracked through the catalogue names it: by the definition's key as the
    /// record's event, its app key, and its number (which such a record may carry in `numberKey`).
    struct CodedName: Sendable {
        var event: [UInt8]
        var appKey: [UInt8]
        var number: [UInt8]?
        var index: Int
    }

    /// The definitions as coded records name them, by the FNV-1a hash of the event name (`hash(_:)`). A coded record
    /// is counted whatever its properties (it names its event itself); when it carries a number, that number must
    /// be the definition's.
    static func coded(_ definitions: [EventDefinition], format: RecordFormat) -> [UInt64: [CodedName]] {
        var coded: [UInt64: [CodedName]] = [:]
        for (index, definition) in definitions.enumerated() {
            let event = Array(definition.key.utf8)
            let name = CodedName(
                event: event, appKey: Array((format == .lasso ? definition.appKey : "").utf8),
                number: definition.number.map { Array(String($0).utf8) }, index: index)
            event.withUnsafeBufferPointer { coded[hash($0), default: []].append(name) }
        }
        return coded
    }

    /// FNV-1a of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// The definitions compiled and grouped, in storage of their own: each counting thread compiles its own copy,
    /// so that the threads never touch the same reference counts (shared ones cost more than the scan).
    static func compile(_ definitions: [EventDefinition], format: RecordFormat) -> (
        compiled: [Definition], groups: [Group]
    ) {
        let compiled = definitions.map { given in
            let definition = given.recorded
            var conditions = definition.content.map { condition in
                let test: Condition.Test =
                    switch condition.operation {
                    case .equals(let value): .equals(Array(value.utf8))
                    case .oneOf(let values): .oneOf(values.map { Array($0.utf8) })
                    case .contains(let value): .contains(Array(value.utf8))
                    case .regex(let pattern): .regex(pattern)
                    }
                return Condition(key: Array(condition.key.utf8), test: test)
            }
            if let screen = definition.screen, let key = format.screenKey {
                conditions.append(Condition(key: Array(key.utf8), test: .equals(Array(screen.utf8))))
            }
            let path: EventPathPattern? =
                definition.isPageOnly
                ? nil
                : definition.profile == .lasso
                    ? EventPathPattern(definition.viewPath)
                    : EventPathPattern(dialectText: definition.viewPathText, profile: definition.profile)
            return Definition(
                versions: VersionRanges(definition.versions.intervals.map { $0 }),
                limitsVersions: !definition.versions.intervals.isEmpty, path: path, conditions: conditions)
        }
        var groups: [Group] = []
        for (index, definition) in definitions.enumerated() {
            // Another SDK's records name the event its way and carry no app key (they are one app's).
            let event = Array((format.event(for: definition.viewEvent) ?? "\u{0}").utf8)
            let appKey = Array((format == .lasso ? definition.appKey : "").utf8)
            if let existing = groups.firstIndex(where: { $0.event == event && $0.appKey == appKey }) {
                groups[existing].definitions.append(index)
            } else {
                groups.append(Group(event: event, appKey: appKey, definitions: [index]))
            }
        }
        return (compiled, groups)
    }
}
