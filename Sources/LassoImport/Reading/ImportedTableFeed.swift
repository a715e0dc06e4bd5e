import Foundation
import LassoSnapshot

/// Builds the snapshot table of an imported tree on a second thread while the importer is still adding views: the
/// importer hands each view over in batches (`ImportedTree` keeps the batch being filled), and the other thread
/// turns them into records in the order they were added, as one thread would.
///
/// Building the table is about a fifth of opening a dump; on two cores it overlaps the reading. A feed let go of
/// before `finish` (the import failed) stops its thread; a view the table leaves to the loader makes the result nil,
/// and the thread reads the rest of the batches without building.
final class ImportedTableFeed: Sendable {
    /// One view as the table needs it.
    struct Entry: Sendable {
        var fields: JSONObject
        var written: ImportedTree.WrittenMember?
        var frame: Rect?
        var parent: Int
    }

    /// Trees smaller than this are built on the importer's thread alone: a thread is not worth it for them.
    static let smallestTree = 4096
    /// Views a batch holds before it is handed over.
    static let batchSize = 2048
    /// Batches waiting at most, so that the building thread does not let them pile up.
    static let waitingBatches = 8

    private let channel = BatchChannel<[Entry]>(capacity: ImportedTableFeed.waitingBatches)
    private let result = HandOff<ImportedTreeTable?>()

    /// Starts the building thread.
    init(expectedViews: Int) {
        let (channel, result) = (channel, result)
        let worker = Thread {
            var table: ImportedTreeTable? = ImportedTreeTable(expectedViews: expectedViews)
            while let batch = channel.take() {
                guard var building = table.take() else { continue }
                var complete = true
                for entry in batch where complete {
                    complete = building.add(
                        entry.fields, written: entry.written, frame: entry.frame, parent: entry.parent)
                }
                if complete { table = building }
            }
            result.finish(table)
        }
        worker.start()
    }

    deinit { channel.close() }

    /// Hands over a batch of views.
    func put(_ batch: [Entry]) { channel.put(batch) }

    /// Hands over the last views and waits for the building thread: the table, or nil when a view is one to leave to
    /// the loader.
    func finish(_ last: [Entry]) -> ImportedTreeTable? {
        if !last.isEmpty { channel.put(last) }
        channel.close()
        return result.wait()
    }
}
