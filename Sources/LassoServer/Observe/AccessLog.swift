import Dispatch
import Foundation
import LassoSnapshot
import Logging
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
/// its answers waiting on the log. When the output refuses lines (a full disk, a closed pipe), they are dropped and
/// counted too, the log says so once, and writing goes on as soon as the output takes lines again.
public final class AccessLog: Sendable {
    public let format: AccessLogFormat
    private let output: Int32
    private let metrics: ServerMetrics
    /// Where the log says it cannot write, and when it can again.
    private let logger: Logger

    private struct Queue {
        var requests: [AnsweredRequest] = []
        var finishing = false
    }

    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// The most requests waiting to be written.
    static let maxQueued = 65_536

    /// How long the thread lets requests gather after writing a batch: under load, one `write` per interval instead
    /// of a wake-up and a `write` for every few requests (which cost the event loops a fifth of their rate on two
    /// cores). A line reaches the output at most this much later.
    static let gathering: useconds_t = 20_000

    /// Starts the writing thread; `output` is a file descriptor (standard output unless a test says otherwise).
    public init(format: AccessLogFormat, output: Int32 = STDOUT_FILENO, metrics: ServerMetrics, logger: Logger) {
        self.format = format
        self.output = output
        self.metrics = metrics
        self.logger = logger
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

    /// Writes what is queued, then stops the thread; waits for it at most `within` (an output nobody reads would
    /// otherwise keep the server from stopping: what is left then is dropped with the process).
    public func finish(within: DispatchTimeInterval = .seconds(2)) {
        queue.withLock { $0.finishing = true }
        wake.signal()
        _ = finished.wait(timeout: .now() + within)
    }

    private func writeUntilFinished() {
        var times = LogTime()
        var failing: Int32?
        var cutLine = false
        var dropped = 0
        while true {
            wake.wait()
            let (requests, finishing) = queue.withLock { queue in
                defer { queue.requests.removeAll(keepingCapacity: true) }
                return (queue.requests, queue.finishing)
            }
            if !requests.isEmpty {
                // A line cut by the write that failed before ends here, so the next ones start lines of their own.
                var text = cutLine ? "\n" : ""
                for request in requests { text += request.line(format, time: times.text(request.at)) }
                let bytes = Array(text.utf8)
                let (written, error) = DescriptorWrite.some(bytes, to: output)
                if let error {
                    cutLine = written > 0 || cutLine
                    dropped += requests.count
                    metrics.accessLogDropped(requests.count)
                    if failing == nil {
                        logger.error(
                            "the access log cannot be written: its lines are dropped until it can",
                            metadata: ["error": "\(String(cString: strerror(error)))"])
                    }
                    failing = error
                } else {
                    cutLine = false
                    if failing != nil {
                        logger.notice("the access log is written again", metadata: ["dropped": "\(dropped)"])
                        failing = nil
                        dropped = 0
                    }
                }
            }
            if finishing { break }
            if !requests.isEmpty { usleep(Self.gathering) }
        }
        finished.signal()
    }
}
