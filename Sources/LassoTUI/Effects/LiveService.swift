import LassoDocuments

/// The server's live routes as the UI uses them (`lasso open --live`): the next screen a phone streams, configs sent to
/// the phone, and the events it echoes; only `EffectRunner` calls it.
public protocol LiveService: Sendable {
    /// The newest screen after `after` (of `app`, when given), waiting for one up to the server's long-poll time; nil
    /// when none came in that time.
    func nextScreen(app: String?, after: Int64) async throws -> LiveScreenSummary?
    /// Sends a config to the phone of `pairing`, for its next post.
    func send(_ config: KVCConfig, to pairing: String) async throws
    /// The echoes of `pairing` after `after`, waiting for one up to the server's long-poll time.
    func echoes(pairing: String, after: Int) async throws -> [LiveEchoSummary]
}
