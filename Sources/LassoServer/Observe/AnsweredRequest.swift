import Foundation
import LassoSnapshot
import NIOCore

/// One request the server answered, as the access log writes it: kept as the event loop saw it, and turned into a
/// line only on the log's own thread.
struct AnsweredRequest: Sendable {
    /// When the answer was written.
    var at: Date
    var client: SocketAddress?
    var method: String
    /// The request target as the client sent it (path and query).
    var target: String
    var status: Int
    var bodyBytes: Int
    var elapsed: Duration

    /// The query parameters whose values are written as sent: the versions and names SDKs ask about. Every other
    /// value (a Mixpanel project `token`, a `distinct_id`, a live session's `feature_code`) is written `REDACTED`.
    static let shownParameters: Set<Substring> = [
        "version", "v", "app_id", "project", "platform", "lib", "lib_version", "app_version", "limit", "after",
        "wait", "app", "pairing",
    ]

    /// A path whose first segment is `live` (any case, however many slashes around it) with every segment after it
    /// but the SDK's name written `REDACTED`: a phone's post carries its pairing's secret there; nil for any other path.
    static func liveRedacted(_ path: ArraySlice<UInt8>) -> String? {
        // Every request's line comes here: its first segment is looked at in place, and only a live one is split.
        let start = path.firstIndex { $0 != UInt8(ascii: "/") } ?? path.endIndex
        let first = path[start...].prefix { $0 != UInt8(ascii: "/") }
        guard first.count == 4, zip(first, "live".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        let segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let live = segments.firstIndex(where: { !$0.isEmpty }) else { return nil }
        let kept: Set<String> = ["", "sensors", "growingio", "mixpanel"]
        return segments.enumerated().map { index, segment in
            let text = String(decoding: segment, as: UTF8.self)
            if index <= live || kept.contains(text.lowercased()) { return escaped(segment) }
            return "REDACTED"
        }.joined(separator: "/")
    }

    /// The target with the values of other query parameters redacted (parameters part at `&` or `;`), and every byte
    /// that is not printable ASCII, a space, `"` or `\` written `\xHH` (as nginx does), so a line is one line of plain
    /// text whatever the client sent, and a client's own `%22` is told from an escaped `"`.
    var loggedTarget: String {
        let bytes = Array(target.utf8)
        let path: ArraySlice<UInt8>
        var query: ArraySlice<UInt8>?
        if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
            path = bytes[..<mark]
            query = bytes[(mark + 1)...]
        } else {
            path = bytes[...]
        }
        // Parameters in the path (`/x;token=S`) are no route's: only their start is written.
        var out: String
        if let redacted = Self.liveRedacted(path) {
            // A live pairing's secret is in the path: never written, however the path is spelt.
            out = redacted
        } else if let semicolon = path.firstIndex(of: UInt8(ascii: ";")) {
            out = Self.escaped(path[..<semicolon]) + ";REDACTED"
        } else {
            out = Self.escaped(path)
        }
        guard let query else { return out }
        out += "?"
        var separator: UInt8?
        for pair in query.split(omittingEmptySubsequences: false, whereSeparator: Self.separatesParameters) {
            if let separator { out += String(UnicodeScalar(separator)) }
            // The separator after this pair, for the next one.
            separator = pair.endIndex < query.endIndex ? query[pair.endIndex] : nil
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                out += Self.escaped(pair)
                continue
            }
            let name = pair[..<equals]
            out += Self.escaped(name) + "="
            let nameText = Substring(decoding: name, as: UTF8.self)
            out += Self.shownParameters.contains(nameText) ? Self.escaped(pair[(equals + 1)...]) : "REDACTED"
        }
        return out
    }

    /// The client's address without its port; `-` when it is not known.
    var clientText: String { client?.ipAddress ?? "-" }

    /// The line in `format`, ending with a line feed.
    func line(_ format: AccessLogFormat, time: String) -> String {
        let seconds = LogTime.seconds(elapsed)
        switch format {
        case .text:
            return
                "\(time) \(clientText) \"\(Self.escaped(Array(method.utf8)[...])) \(loggedTarget)\" \(status) \(bodyBytes) \(seconds)\n"
        case .json:
            let object = JSONObject([
                "time": .string(time), "client": .string(clientText), "method": .string(method),
                "path": .string(loggedTarget), "status": .number(String(status)),
                "bytes": .number(String(bodyBytes)), "seconds": .number(seconds),
            ])
            return JSONWriter.compact(.object(object)) + "\n"
        }
    }

    private static func separatesParameters(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";")
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(where: needsEscape) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if needsEscape(byte) {
                out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}
