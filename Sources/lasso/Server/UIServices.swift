import LassoClient
import LassoDocuments
import LassoTUI

/// The UI's push service is the client's: the executable is where the two modules meet.
extension ServerPushService: PushService {}

/// The UI follows a phone through the client's live routes.
extension LiveClient: LiveService {
    public func nextScreen(app: String?, after: Int64) async throws -> LiveScreenSummary? {
        try await screens(app: app, after: after, wait: 25, limit: 1).first
    }

    public func echoes(pairing: String, after: Int) async throws -> [LiveEchoSummary] {
        try await echoes(pairing: Optional(pairing), after: after, wait: 25)
    }
}
