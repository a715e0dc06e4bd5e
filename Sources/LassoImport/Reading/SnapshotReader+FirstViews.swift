import Foundation
import LassoSnapshot

/// The first views of a big lasso snapshot, read from the start of its file: what the terminal UI shows while the
/// whole file loads in the background.
extension SnapshotReader {
    /// What a snapshot opened on its first views was read from.
    public struct FirstViews: Sendable {
        /// The first views, as a snapshot of their own (`SnapshotLoader.loadFirstViews`).
        public var snapshot: Snapshot
        /// The bytes they were read from, from the start of the file.
        public var bytesRead: Int
        /// The file's size.
        public var bytesTotal: Int
    }

    /// Files smaller than this are loaded whole before the UI opens: they take a fraction of a second.
    public static let firstViewsMinimumSize = 32_000_000

    /// The first `views` views of the lasso snapshot in `path`, when it is at least `minimumSize` bytes and has that
    /// many; nil for a smaller file, a dump of another format (an import reads the whole dump), a file read in another
    /// encoding, or one whose start cannot be shown alone (the caller loads it whole, which says what is wrong).
    public static func firstViews(
        path: String, format: SnapshotSourceFormat?, options: ImportOptions, views: Int,
        minimumSize: Int = firstViewsMinimumSize
    ) throws -> FirstViews? {
        guard format == nil || format == .lasso, options.encoding == nil, options.controllersFile == nil,
            options.activity == nil
        else { return nil }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) >= minimumSize else {
            return nil
        }
        let total = Int(status.st_size)
        let head = try FileBytes.head(path, count: headSize)
        let kind = try head.withUnsafeBufferPointer { buffer throws(InputError) in
            try resolve(format, bytes: buffer, file: path)
        }
        guard kind == .lasso else { return nil }
        // About 250 bytes a view in real snapshots; read four times more until the views are there.
        var size = min(total, max(headSize, views * 256))
        while true {
            let bytes = try FileBytes.head(path, count: size)
            if let first = SnapshotLoader.loadFirstViews(bytes: bytes, file: path, views: views) {
                return FirstViews(snapshot: named(first, options), bytesRead: bytes.count, bytesTotal: total)
            }
            guard size < total, size < 64 << 20 else { return nil }
            size = min(total, size * 4)
        }
    }
}
