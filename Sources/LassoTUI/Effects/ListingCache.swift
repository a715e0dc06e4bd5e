import LassoDocuments
import Synchronization

/// The last reading of each kind of document in the configs folder, kept with the folder's stamp when it was read:
/// reading the folder again (opening the configs list does) gives it back while the stamp is the same, rather than
/// parsing thousands of unchanged files again.
final class ListingCache: Sendable {
    private let kept = Mutex<[DocumentKind: (stamp: Int, listing: StoredListing)]>([:])

    /// The reading of `kind`: the kept one when `stamp` is the one it was read at, else a fresh one.
    func listing(_ kind: DocumentKind, stamp: Int?, read: () -> StoredListing) -> StoredListing {
        guard let stamp else { return read() }
        if let last = kept.withLock({ $0[kind] }), last.stamp == stamp { return last.listing }
        let listing = read()
        kept.withLock { $0[kind] = (stamp, listing) }
        return listing
    }
}
