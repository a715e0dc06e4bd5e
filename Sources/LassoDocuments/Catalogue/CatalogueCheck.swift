import Foundation
import LassoSnapshot

/// A release's catalogue (the Swift, Java or JSON `lasso event catalogue` wrote, as the app's code now has it)
/// against the named events of that version (docs/event-catalogue.md, "Checked at a release"): a key renamed or a
/// number moved in code makes the records it sends count for no definition.
public struct CatalogueCheck: Sendable {
    /// One event of the catalogue: its key and number as the code sends them.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var number: Int
    }

    /// What became of one definition, or of one event of the code no definition has.
    public enum Status: String, Sendable {
        case ok
        /// The code sends the definition's number under another key.
        case renamed
        /// The code sends the definition's key with another number.
        case renumbered
        /// The code has neither the key nor the number: it cannot track the event (circled taps still count).
        case missing
        /// The code tracks an event no definition of the version has.
        case unknown

        public var isBroken: Bool { self == .renamed || self == .renumbered }
    }

    /// One verdict.
    public struct Result: Sendable {
        public var status: Status
        public var definition: EventDefinition?
        public var entry: Entry?
        public var reason: String
    }

    public let file: String
    public let results: [Result]
    public var broken: [Result] { results.filter(\.status.isBroken) }

    /// Checks `definitions` (of the release's app and version) against the catalogue in `file`.
    public init(file: String, entries: [Entry], definitions: [EventDefinition]) {
        self.file = file
        var results: [Result] = []
        for definition in definitions.sorted(by: { ($0.number ?? 0, $0.key) < ($1.number ?? 0, $1.key) }) {
            let byNumber = entries.first { $0.number == definition.number }
            let byKey = entries.first { $0.key == definition.key }
            let number = definition.number.map(String.init) ?? "none"
            if let byNumber, byNumber.key == definition.key {
                results.append(Result(status: .ok, definition: definition, entry: byNumber, reason: ""))
            } else if let byNumber {
                results.append(
                    Result(
                        status: .renamed, definition: definition, entry: byNumber,
                        reason:
                            "the code sends number \(number) as \"\(byNumber.key)\", not \"\(definition.key)\": its records count for no definition; put the key back in code, or write the catalogue again"
                    ))
            } else if let byKey {
                results.append(
                    Result(
                        status: .renumbered, definition: definition, entry: byKey,
                        reason:
                            "the code sends \"\(definition.key)\" with number \(byKey.number), not \(number): its records count for no definition; write the catalogue again"
                    ))
            } else {
                results.append(
                    Result(
                        status: .missing, definition: definition, entry: nil,
                        reason:
                            "not in the catalogue: the code cannot track it (circled taps still count); write the catalogue again to add it"
                    ))
            }
        }
        for entry in entries
        where !definitions.contains(where: { $0.number == entry.number || $0.key == entry.key }) {
            results.append(
                Result(
                    status: .unknown, definition: nil, entry: entry,
                    reason:
                        "the code tracks \"\(entry.key)\" (number \(entry.number)), which no definition of this version has (removed, or its versions end before)"
                ))
        }
        self.results = results
    }

    /// The events of a catalogue file of the app `appKey` (nil: any): `.json` as `--json` writes it, `.java` by
    /// its constants (`NAME(12, "key")`), anything else as Swift (`case name = 12` and `case .name: "key"`). A
    /// catalogue that says it is another app's is refused.
    public static func read(_ path: String, appKey: String? = nil) throws(LassoError) -> [Entry] {
        let text = String(decoding: try FileBytes.read(path), as: UTF8.self)
        if let appKey, let named = app(of: text, json: path.hasSuffix(".json")), named != appKey {
            throw LassoError(
                .badInput,
                "\(path): expected the event catalogue of \(appKey), found the one of \(DisplayText.escaped(named))")
        }
        let entries: [Entry]
        if path.hasSuffix(".json") {
            entries = try json(text, file: path)
        } else if path.hasSuffix(".java") {
            entries = javaEntries(text)
        } else {
            entries = swiftEntries(text)
        }
        guard !entries.isEmpty || text.contains("written by `lasso event catalogue") else {
            throw LassoError(
                .badInput,
                "\(path): expected a catalogue lasso event catalogue wrote (Swift, Java or --json), found no event in it"
            )
        }
        return entries
    }

    /// The app a catalogue names: its JSON's `appKey`, or the app of the first line lasso writes in Swift and Java.
    static func app(of text: String, json: Bool) -> String? {
        if json {
            guard let value = try? JSONParser.parse(Array(text.utf8), file: ""),
                case .string(let app)? = value["appKey"]
            else { return nil }
            return app
        }
        let first = text.prefix { $0 != "\n" && $0 != "\r\n" }
        let opening = "// The named events of "
        guard first.hasPrefix(opening), let end = first.range(of: ", written by `lasso event catalogue") else {
            return nil
        }
        return String(first[first.index(first.startIndex, offsetBy: opening.count)..<end.lowerBound])
    }

    static func json(_ text: String, file: String) throws(LassoError) -> [Entry] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text.utf8), file: file)
        } catch {
            throw LassoError(.badInput, error.description)
        }
        guard case .array(let events)? = value["events"] else {
            throw LassoError(
                .badInput,
                "\(file): expected a catalogue lasso event catalogue wrote (Swift, Java or --json), found no $.events in it"
            )
        }
        return events.compactMap { event in
            guard case .string(let key)? = event["key"], case .number(let text)? = event["number"],
                let number = Int(text)
            else { return nil }
            return Entry(key: key, number: number)
        }
    }

    /// Java constants `NAME(12, "key")` (the `OTHER(0, "")` of each kind left out).
    static func javaEntries(_ text: String) -> [Entry] {
        let pattern = #"^\s*[^\s(]+\((\d+), "((?:[^"\\]|\\.)*)"\)[,;]\s*$"#
        return matches(pattern, in: text).compactMap { groups in
            guard let number = Int(groups[0]), number > 0 else { return nil }
            return Entry(key: unescaped(groups[1]), number: number)
        }
    }

    /// Swift: numbers from `case name = 12`, keys from `case .name: "key"`, joined by name, per key enum.
    static func swiftEntries(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        for block in text.components(separatedBy: "public enum ").dropFirst() {
            let body = block.components(separatedBy: "public enum Property")[0]
            var numbers: [String: Int] = [:]
            for groups in matches(#"^\s*case ([^\s=]+) = (\d+)\s*$"#, in: body) {
                numbers[groups[0]] = Int(groups[1])
            }
            for groups in matches(#"^\s*case \.([^\s:]+): "((?:[^"\\]|\\.)*)"\s*$"#, in: body) {
                guard let number = numbers[groups[0]], number > 0 else { continue }
                entries.append(Entry(key: unescaped(groups[1]), number: number))
            }
        }
        return entries
    }

    /// The capture groups of each line of `text` that `pattern` matches.
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// A string literal's text: `\\`, `\"`, Swift's `\u{…}` and Java's octal escapes read back.
    static func unescaped(_ literal: String) -> String {
        var out = ""
        var scalars = literal.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "u":
                var hex = ""
                while let digit = scalars.next(), digit != "}" {
                    if digit != "{" { hex.unicodeScalars.append(digit) }
                }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                    out.unicodeScalars.append(decoded)
                }
            case "0"..."7":
                var octal = String(next)
                for _ in 0..<2 { if let digit = scalars.next() { octal.unicodeScalars.append(digit) } }
                if let value = UInt32(octal, radix: 8), let decoded = Unicode.Scalar(value) {
                    out.unicodeScalars.append(decoded)
                }
            default: out.unicodeScalars.append(next)
            }
        }
        return out
    }
}
