import Foundation
import LassoSnapshot

/// A snapshot the UI opened on its first views while the rest of its file loads: how much of it that is, for the
/// header line and for what a key that needs the whole snapshot says meanwhile.
public struct SnapshotLoading: Sendable, Equatable {
    /// The bytes the first views were read from.
    public var bytesRead: Int
    /// The whole file's size.
    public var bytesTotal: Int

    public init(bytesRead: Int, bytesTotal: Int) {
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
    }

    /// "loading: the first 20,000 views of 241 MB shown" (the header's words).
    func words(views: Int) -> String {
        "loading: the first \(GroupedNumber.text(views)) views of \(Self.megabytes(bytesTotal)) shown"
    }

    /// What a key that needs the whole snapshot says while it loads.
    func waitWords(views: Int) -> String {
        "still loading: search, circling and the lists wait for the whole snapshot (the first \(GroupedNumber.text(views)) views of \(Self.megabytes(bytesTotal)) are shown); moving, folding and the picture work now"
    }

    private static func megabytes(_ bytes: Int) -> String { "\(max(1, (bytes + 500_000) / 1_000_000)) MB" }
}

/// The whole snapshot, loaded in the background after its first views were shown, with its search index and its
/// views' places on the screen worked out there too (so that neither holds up a key). Two are the same when they are of the same file and size
/// (what the reducer's tests compare; the table itself is not compared).
public struct WholeSnapshot: Sendable, Equatable {
    public let table: PathTable
    public let texts: TextIndex?
    public let geometry: ScreenGeometry

    public init(_ table: PathTable, texts: TextIndex? = nil, geometry: ScreenGeometry? = nil) {
        self.table = table
        self.texts = texts
        self.geometry = geometry ?? ScreenGeometry(table.snapshot)
    }

    public static func == (left: WholeSnapshot, right: WholeSnapshot) -> Bool {
        left.table.snapshot.file == right.table.snapshot.file && left.table.snapshot.count == right.table.snapshot.count
    }
}
