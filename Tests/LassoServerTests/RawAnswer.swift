import Foundation

/// One HTTP/1.1 answer as it came over a socket, with its `Date` field left out (it changes every second).
struct RawAnswer: Equatable, CustomStringConvertible {
    /// The status line and each header field line, as sent.
    var head: [String]
    var body: String

    var status: Int { head.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0 }

    var description: String { (head + ["", body]).joined(separator: "\n") }

    func field(_ name: String) -> String? {
        head.dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ": ") }.map {
            String($0.dropFirst(name.count + 2))
        }
    }

    /// The answers `text` holds whole, one after another, framed by `Content-Length` (none: no body); the answers
    /// numbered in `bodiless` (from 0: those to `HEAD`) have none whatever their `Content-Length` says.
    static func split(_ text: String, bodiless: Set<Int> = []) -> [RawAnswer] {
        var answers: [RawAnswer] = []
        var rest = Substring(text)
        while let end = rest.range(of: "\r\n\r\n") {
            let lines = rest[..<end.lowerBound].components(separatedBy: "\r\n")
            let length =
                bodiless.contains(answers.count)
                ? 0
                : lines.first { $0.lowercased().hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst(16)) } ?? 0
            let body = rest[end.upperBound...].utf8.prefix(length)
            guard body.count == length else { break }
            answers.append(
                RawAnswer(
                    head: lines.filter { !$0.lowercased().hasPrefix("date: ") },
                    body: String(decoding: body, as: UTF8.self)))
            rest = Substring(rest.utf8[body.endIndex...])
        }
        return answers
    }
}
