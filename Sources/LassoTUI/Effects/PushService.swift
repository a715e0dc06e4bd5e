import LassoDocuments

/// The config server as the UI uses it: a plan to show, then sending that plan; only `EffectRunner` calls it.
public protocol PushService: Sendable {
    /// Reads the server's configs and says what a push would change; with `prune`, the plan also deletes the
    /// configs that only the server has. The reply carries the plan, which the state keeps until Enter sends it.
    func plan(appKey: String?, prune: Bool) async throws -> PushReply
    /// Sends `plan` (the one a reply carried) for `appKey` and says what went through.
    func send(_ plan: PushPlan, appKey: String?) async throws -> PushReply
}
