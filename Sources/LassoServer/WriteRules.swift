/// The rules every store applies before a write, so SQLite and PostgreSQL answer `If-Match` the same way.
enum WriteRules {
    /// Why a put must not change anything (a precondition failed, or the same text is stored), or nil to go on.
    ///
    /// The same text already stored is `unchanged` whatever `If-Match` says: nothing would be overwritten, and a
    /// retried PUT gets the answer its first try got.
    static func refusal(stored: (text: String, revision: Int64)?, text: String, ifMatch: Int64?) -> WriteOutcome? {
        if let stored, stored.text == text { return .unchanged(revision: stored.revision) }
        guard let ifMatch else { return nil }
        if ifMatch == 0 { return stored.map { .revisionMismatch(current: $0.revision) } }
        guard let stored else { return .revisionMismatch(current: nil) }
        return stored.revision == ifMatch ? nil : .revisionMismatch(current: stored.revision)
    }

    /// Why a delete must not happen (no such config, or a precondition failed), or nil to go on.
    static func deleteRefusal(stored revision: Int64?, ifMatch: Int64?) -> WriteOutcome? {
        guard let revision else { return .notFound }
        if let ifMatch, ifMatch != revision { return .revisionMismatch(current: revision) }
        return nil
    }
}
