import Foundation
import LassoSnapshot
import Logging
import Synchronization

/// The server's log messages as one JSON object a line on standard error (`lasso serve --log-format json`): `time`,
/// `level`, `label`, `message`, then the message's metadata as strings.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String

    /// Lines from several threads are written whole, one after another.
    private static let output = Mutex(())

    public init(label: String) { self.label = label }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        Self.write(
            level: event.level, label: label, message: event.message.description,
            metadata: metadata.merging(event.metadata ?? [:]) { _, new in new })
    }

    /// Writes one message as a JSON line on standard error, whatever the log level (`lasso serve`'s start-up lines,
    /// which say where it listens, go this way).
    public static func write(
        level: Logger.Level, label: String, message: String, metadata: Logger.Metadata = [:]
    ) {
        var time = LogTime()
        var object = JSONObject([
            "time": .string(time.text(Date())), "level": .string(level.rawValue), "label": .string(label),
            "message": .string(message),
        ])
        for key in metadata.keys.sorted() where object[key] == nil {
            object[key] = .string(metadata[key]!.description)
        }
        let line = Array((JSONWriter.compact(.object(object)) + "\n").utf8)
        output.withLock { _ in _ = DescriptorWrite.all(line, to: STDERR_FILENO) }
    }
}
