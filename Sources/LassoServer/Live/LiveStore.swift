import Foundation

/// Where the server keeps live pairings and the snapshot library (the SQLite file or PostgreSQL database of its
/// documents): pairings last across a restart, and so do the screens, until pruned.
public protocol LiveStore: Sendable {
    func addPairing(_ pairing: LivePairing) async throws
    /// The pairing whose secret hashes to `secretHash`, open or not.
    func pairing(secretHash: String) async throws -> LivePairing?
    func pairing(id: String) async throws -> LivePairing?
    /// Marks the pairing ended; false when there is none of that id.
    func endPairing(id: String) async throws -> Bool
    /// Names the pairing's app, for a pairing made without one (its first screen's).
    func setPairingApp(id: String, appKey: String) async throws
    /// Keeps a screen and its lasso snapshot; returns the screen with its id.
    func keepScreen(_ screen: LiveScreen, snapshot: [UInt8]) async throws -> LiveScreen
    /// The newest screens first, of one app or of all, only those after `after` when given.
    func screens(appKey: String?, after: Int64?, limit: Int) async throws -> [LiveScreen]
    /// A screen and its lasso snapshot's bytes.
    func screenSnapshot(id: Int64) async throws -> (LiveScreen, [UInt8])?
    /// Drops the screens kept before `before`, then the oldest until the rest take at most `maxBytes`, and the
    /// pairings that expired before `before`; returns how many screens went.
    func pruneLive(before: Date, maxBytes: Int) async throws -> Int
}
