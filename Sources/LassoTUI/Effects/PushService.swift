/// The config server as the UI uses it: a plan to show, then sending that plan; only `EffectRunner` calls it.
public protocol PushService: Sendable {
    /// Reads the server's configs and says what a push would change.
    func plan() async throws -> PushReply
    /// Sends the last plan and says what went through.
    func send() async throws -> PushReply
}
