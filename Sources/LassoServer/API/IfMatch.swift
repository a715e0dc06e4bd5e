import Foundation

/// An `If-Match` condition on a write: the config revisions it may replace, 0 standing for "no config yet".
///
/// lasso sends a bare revision (`If-Match: 3`); quoted entity tags (`"3"`), lists and `*` are read as RFC 9110
/// §13.1.1 says. A tag that is not a revision the server gave (`W/"3"`, `"banana"`, `03`) names nothing, so it
/// never matches: the write gets 412, never 400 (`docs/server-api.md`).
public struct IfMatch: Sendable, Equatable, ExpressibleByIntegerLiteral {
    /// The revisions named; 0: the config must not exist yet.
    public var revisions: Set<Int64>
    /// `*`: any existing config.
    public var anyExisting: Bool
    /// The header as it came (at most 100 characters), for messages.
    public var text: String
    /// `*` among other members (`*, "1"`): RFC 9110 §13.1.1 allows `*` only alone, so the header means nothing and
    /// the write is refused with 400 (``problem``).
    public var starAmongTags = false

    /// The condition lasso sends: exactly `revision` (0: create only).
    public init(revision: Int64) {
        revisions = [revision]
        anyExisting = false
        text = String(revision)
    }

    public init(integerLiteral value: Int64) { self.init(revision: value) }

    /// Reads a header value: entity tags separated by commas, each `*`, a revision, or a quoted revision.
    public init(header: String) {
        revisions = []
        anyExisting = false
        text = String(header.prefix(100))
        let parts = header.split(separator: ",", omittingEmptySubsequences: false)
        for part in parts {
            let tag = part.trimmingCharacters(in: .whitespaces)
            if tag == "*" {
                anyExisting = true
                starAmongTags = parts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count > 1
                continue
            }
            var inner = Substring(tag)
            if inner.count >= 2, inner.first == "\"", inner.last == "\"" { inner = inner.dropFirst().dropLast() }
            // Only a revision as the server writes it: digits, no sign, no leading zero.
            if let revision = Int64(inner), revision >= 0, String(revision) == inner {
                revisions.insert(revision)
            }
        }
    }

    /// Why the header is no condition at all, or nil when it is one.
    var problem: String? {
        guard starAmongTags else { return nil }
        return
            "If-Match: expected \"*\" alone or a list of entity tags such as \"3\" (RFC 9110 §13.1.1), found \"*\" among other members in \"\(text)\""
    }

    /// True when a config stored at `revision` (nil: there is none) satisfies the condition.
    public func matches(stored revision: Int64?) -> Bool {
        guard let revision else { return revisions.contains(0) }
        return anyExisting || revisions.contains(revision)
    }

    /// What the condition asked for, as a 412 says it: "revision 3 (If-Match)", "no config yet (If-Match: 0)".
    var expectation: String {
        if !anyExisting, revisions.count == 1, let revision = revisions.first {
            return revision == 0 ? "no config yet (If-Match: 0)" : "revision \(revision) (If-Match)"
        }
        if anyExisting, revisions.isEmpty { return "an existing config (If-Match: *)" }
        if revisions.isEmpty { return "a config matching If-Match: \"\(text)\" (which names no revision)" }
        return "a config matching If-Match: \(text)"
    }

    /// True when the header named a revision or `*`, so a mismatch means the config changed since it was read.
    var namesARevision: Bool {
        anyExisting || !revisions.isEmpty
    }
}
