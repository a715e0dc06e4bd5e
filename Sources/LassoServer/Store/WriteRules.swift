/// The rules every store applies before a write, so SQLite and PostgreSQL answer `If-Match` the same way.
enum WriteRules {
    /// Why a put must not change anything (a precondition failed, the same text is stored, or another app has a
    /// config of this id), or nil to go on. `otherApp` is the app that holds the id, when it is not this one.
    ///
    /// `If-Match` is checked first: a condition that does not match is a mismatch even when the stored text is the
    /// one sent (RFC 9110 §13.1.1); only then is the same text `unchanged`.
    static func refusal(
        stored: (text: String, revision: Int64)?, text: String, ifMatch: IfMatch?, otherApp: String? = nil
    ) -> WriteOutcome? {
        if let ifMatch, !ifMatch.matches(stored: stored?.revision) {
            return .revisionMismatch(current: stored?.revision)
        }
        if let stored, stored.text == text { return .unchanged(revision: stored.revision) }
        if stored == nil, let otherApp { return .idInOtherApp(appKey: otherApp) }
        return nil
    }

    /// Why a delete must not happen (a precondition failed, or there is no such config), or nil to go on.
    ///
    /// `If-Match` comes first here too: `If-Match: 5` on a config that does not exist is a failed precondition (412),
    /// as for a put, not a missing config.
    static func deleteRefusal(stored revision: Int64?, ifMatch: IfMatch?) -> WriteOutcome? {
        if let ifMatch, !ifMatch.matches(stored: revision) { return .revisionMismatch(current: revision) }
        guard revision != nil else { return .notFound }
        return nil
    }
}
