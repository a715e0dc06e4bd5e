import LassoDocuments
import Synchronization

/// The last reading of the configs folder and of its named events, kept with the folder's stamp when it was read:
/// reading the folder again (opening the configs list does) gives it back while the stamp is the same, rather than
/// parsing thousands of unchanged files again.
final class ListingCache: Sendable {
    private let configs = Mutex<(stamp: Int, listing: ConfigListing)?>(nil)
    private let definitions = Mutex<(stamp: Int, listing: EventDirectory.Listing)?>(nil)

    /// The configs folder's reading: the kept one when `stamp` is the one it was read at, else a fresh one.
    func configs(stamp: Int?, read: () -> ConfigListing) -> ConfigListing {
        guard let stamp else { return read() }
        if let kept = configs.withLock({ $0 }), kept.stamp == stamp { return kept.listing }
        let listing = read()
        configs.withLock { $0 = (stamp, listing) }
        return listing
    }

    /// The named events' reading: the kept one when `stamp` is the one it was read at, else a fresh one.
    func definitions(stamp: Int?, read: () -> EventDirectory.Listing) -> EventDirectory.Listing {
        guard let stamp else { return read() }
        if let kept = definitions.withLock({ $0 }), kept.stamp == stamp { return kept.listing }
        let listing = read()
        definitions.withLock { $0 = (stamp, listing) }
        return listing
    }
}
