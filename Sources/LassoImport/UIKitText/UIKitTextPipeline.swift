import Foundation
import LassoSnapshot
import Synchronization

/// Builds the table of a large dump on a second thread while the first reads the text: the reading thread finds each
/// view and its place in the tree, and hands the views over in batches to the thread that turns them into records.
///
/// Reading (lines, descriptions, the tree) and building (fields, texts, JSON values) each take about half the time of
/// opening a large dump; on two cores they overlap. The records come out in the order of the text, as one thread
/// would make them, since one thread builds them all. A pipeline let go of before `finish` (the reading failed) stops
/// its thread.
final class UIKitTextPipeline {
    /// The views of one batch: what the builder needs of each, with their members one after another.
    struct Batch: Sendable {
        var views: [View] = []
        var members: [DebugLine.Member] = []
    }

    /// A view as the building thread needs it.
    struct View: Sendable {
        var address: Range<Int>?
        var frame: Rect?
        var isSlider: Bool
        var chainID: Int32
        /// One past its last member in the batch's `members`.
        var membersEnd: Int
    }

    /// Views a batch holds before it is handed over.
    static let batchSize = 4096
    /// Batches waiting at most, so that a building thread slower than the reading one does not let them pile up.
    static let waitingBatches = 8
    /// Below this size (bytes of text) a dump is built on the reading thread alone.
    static let smallestText = 1 << 20

    private let channel = BatchChannel<Batch>(capacity: UIKitTextPipeline.waitingBatches)
    private let result = HandOff<UIKitTextTableBuilder.Parts>()
    private var batch = Batch()

    /// Starts the building thread on `text`.
    init(text: SharedText, expectedViews: Int) {
        batch.views.reserveCapacity(Self.batchSize)
        let (channel, result) = (channel, result)
        let worker = Thread {
            text.withText { text in
                var builder = UIKitTextTableBuilder(text: text, expectedViews: expectedViews)
                while let batch = channel.take() {
                    var start = 0
                    for view in batch.views {
                        builder.add(
                            address: view.address, members: batch.members[start..<view.membersEnd], frame: view.frame,
                            isSlider: view.isSlider, chainID: view.chainID)
                        start = view.membersEnd
                    }
                }
                result.finish(builder.parts)
            }
        }
        worker.start()
    }

    deinit { channel.close() }

    /// Hands over a view, with its members.
    func add(
        address: Range<Int>?, members: [DebugLine.Member], frame: Rect?, isSlider: Bool, chainID: Int32
    ) {
        batch.members.append(contentsOf: members)
        batch.views.append(
            View(
                address: address, frame: frame, isSlider: isSlider, chainID: chainID, membersEnd: batch.members.count))
        if batch.views.count == Self.batchSize {
            channel.put(batch)
            batch.views.removeAll(keepingCapacity: true)
            batch.members.removeAll(keepingCapacity: true)
        }
    }

    /// Hands over the last views and waits for the building thread: what it built.
    func finish() -> UIKitTextTableBuilder.Parts {
        if !batch.views.isEmpty { channel.put(batch) }
        channel.close()
        return result.wait()
    }
}
