/// How many documents of each kind, in words a person reads: "2 configs and 1 event definition".
public struct DocumentCounts: Sendable, Equatable {
    /// The count per kind, in ``DocumentKind/allCases`` order; kinds with none are left out of the words.
    public var counts: [DocumentKind: Int]

    public init(_ counts: [DocumentKind: Int] = [:]) {
        self.counts = counts
    }

    /// The ids of the plan's steps whose action is not `unchanged`, counted per kind: what a send changes.
    public static func toSend(_ plan: PushPlan) -> DocumentCounts {
        var counts: [DocumentKind: Int] = [:]
        for step in plan.steps where step.action != .unchanged { counts[step.kind, default: 0] += 1 }
        return DocumentCounts(counts)
    }

    public var total: Int { counts.values.reduce(0, +) }

    /// "2 configs and 1 event definition", "1 config, 2 event definitions and 1 hook config"; "nothing" when empty.
    public var words: String {
        let parts = DocumentKind.allCases.compactMap { kind -> String? in
            guard let count = counts[kind], count > 0 else { return nil }
            return "\(count) \(kind.noun)\(count == 1 ? "" : "s")"
        }
        guard let last = parts.last else { return "nothing" }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }

    /// "is" for one document in all, else "are".
    public var verb: String { total == 1 ? "is" : "are" }
}
