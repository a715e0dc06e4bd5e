import Dispatch
import Foundation
import LassoSnapshot
import Synchronization

/// How the server's log lines are written (`lasso serve --log-format`).
public enum AccessLogFormat: String, Sendable, CaseIterable {
    /// `TIME CLIENT "METHOD TARGET" STATUS BYTES SECONDS`, one request a line.
    case text
    /// One JSON object a line: `time`, `client`, `method`, `path`, `status`, `bytes`, `seconds`.
    case json
}

/// One line per answered request, written to standard output by a thread of its own, never by the event loop that
/// answered: the event loop only appends the request to a queue (``record(_:)``).
///
/// When the output does not keep up (a full pipe, a slow disk), the queue holds at most ``maxQueued`` requests and
/// later ones are dropped and counted (`lasso_access_log_dropped_total`), rather than the server's memory growing or
/// its answers waiting on the log.
public final class AccessLog: Sendable {
    public let format: AccessLogFormat
    private let output: Int32
    private let metrics: ServerMetrics

    private struct Queue {
        var requests: [AnsweredRequest] = []
        var finishing = false
    }

    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// The most requests waiting to be written.
    static let maxQueued = 65_536

    /// Starts the writing thread; `output` is a file descriptor (standard output unless a test says otherwise).
    public init(format: AccessLogFormat, output: Int32 = STDOUT_FILENO, metrics: ServerMetrics) {
        self.format = format
        self.output = output
        self.metrics = metrics
        let thread = Thread { [self] in writeUntilFinished() }
        thread.name = "lasso access log"
        thread.start()
    }

    /// Queues one answered request; called on the event loop, it takes a lock for an append and nothing else.
    func record(_ request: AnsweredRequest) {
        let first: Bool? = queue.withLock { queue in
            guard !queue.finishing, queue.requests.count < Self.maxQueued else { return nil }
            queue.requests.append(request)
            return queue.requests.count == 1
        }
        switch first {
        case nil: metrics.accessLogDropped(1)
        case true?: wake.signal()
        case false?: break
        }
    }

    /// Writes what is queued, then stops the thread; waits for it.
    public func finish() {
        queue.withLock { $0.finishing = true }
        wake.signal()
        finished.wait()
    }

    private func writeUntilFinished() {
        var times = LogTime()
        var broken = false
        while true {
            wake.wait()
            let (requests, finishing) = queue.withLock { queue in
                defer { queue.requests.removeAll(keepingCapacity: true) }
                return (queue.requests, queue.finishing)
            }
            if !requests.isEmpty {
                var text = ""
                for request in requests { text += request.line(format, time: times.text(request.at)) }
                if broken || DescriptorWrite.all(Array(text.utf8), to: output) != nil {
                    broken = true
                    metrics.accessLogDropped(requests.count)
                }
            }
            if finishing { break }
        }
        finished.signal()
    }
}
