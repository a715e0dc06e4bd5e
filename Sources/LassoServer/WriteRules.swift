/// The rules every store applies before a write, so SQLite and PostgreSQL answer `If-Match` the same way.
enum WriteRules {
    /// Why a put must not change anything (a precondition failed, or the same text is stored), or nil to go on.
    ///
    /// `If-Match` is checked first: a condition that does not match is a mismatch even when the stored text is the
    /// one sent (RFC 9110 §13.1.1); only then is the same text `unchanged`.
    static func refusal(stored: (text: String, revision: Int64)?, text: String, ifMatch: IfMatch?) -> WriteOutcome? {
        if let ifMatch, !ifMatch.matches(stored: stored?.revision) {
            return .revisionMismatch(current: stored?.revision)
        }
        if let stored, stored.text == text { return .unchanged(revision: stored.revision) }
        return nil
    }

    /// Why a delete must not happen (no such config, or a precondition failed), or nil to go on.
    static func deleteRefusal(stored revision: Int64?, ifMatch: IfMatch?) -> WriteOutcome? {
        guard let revision else { return .notFound }
        if let ifMatch, !ifMatch.matches(stored: revision) { return .revisionMismatch(current: revision) }
        return nil
    }
}
