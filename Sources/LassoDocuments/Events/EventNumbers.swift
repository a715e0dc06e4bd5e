import Foundation
import LassoSnapshot

/// The numbers lasso gave the named events of one app, kept in `<app>/events/numbers.txt` beside the definitions
/// (docs/event-catalogue.md, "Numbers"): one line per number given, `<number> <id> <key>`, in the order given, so
/// that a removed definition's number is never given again and a number moved by hand is seen.
///
/// Two branches that each add a definition both append a line: git shows the clash as a conflict in this file, and
/// `lasso lint` finds what a merge kept wrong.
public struct EventNumbers: Sendable, Equatable {
    /// One number given: to which definition (its id), under which key then, on which line of the file.
    public struct Given: Sendable, Equatable {
        public var number: Int
        public var id: String
        public var key: String
        public var line: Int
    }

    /// Every number given, in the file's order.
    public private(set) var given: [Given] = []

    /// The file's name in an app's `events/` folder.
    public static let fileName = "numbers.txt"

    /// The first line of the file, for a person who opens it.
    static func heading(appKey: String) -> String {
        "# The numbers lasso gave the named events of \(appKey), one a line (number, id, key): a number is never "
            + "given twice, even after its definition is removed. Written by lasso; see docs/event-catalogue.md."
    }

    public init() {}

    /// The ledger of an app's events folder (`<app>/events`); none given when there is no file.
    public static func read(folder: String) throws(LassoError) -> EventNumbers {
        let path = folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return EventNumbers() }
        let bytes = try FileBytes.read(path)
        return try parse(String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// The ledger in `text` (`file` names it in messages).
    public static func parse(_ text: String, file: String) throws(LassoError) -> EventNumbers {
        var numbers = EventNumbers()
        // "\r\n" is one Character to Swift: a file with Windows line ends (git's autocrlf) is split on both.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let number = Int(parts[0]),
                (1...EventDefinitionCodec.largestNumber).contains(number), parts[1].count >= 8, !parts[2].isEmpty
            else {
                throw LassoError(
                    .badInput,
                    "\(file):\(index + 1): expected a number, an id and a key separated by one space (\"12 9b2f4e61-… cart_click\"), found \"\(DisplayText.escaped(String(line.prefix(80))))\""
                )
            }
            numbers.given.append(
                Given(number: number, id: String(parts[1]), key: String(parts[2]), line: index + 1))
        }
        return numbers
    }

    /// The highest number given (0 when none).
    public var highest: Int { given.map(\.number).max() ?? 0 }

    /// The number last given to the definition `id`; nil when none was.
    public func number(of id: String) -> Int? {
        given.last { $0.id == id }?.number
    }

    /// Who was given `number` first; nil when nobody was.
    public func first(_ number: Int) -> Given? {
        given.first { $0.number == number }
    }

    /// Records that `definition` holds its number (nothing when the ledger already says so).
    public mutating func record(_ definition: EventDefinition) {
        guard let number = definition.number, self.number(of: definition.id) != number else { return }
        given.append(Given(number: number, id: definition.id, key: definition.key, line: given.count + 2))
    }

    /// The file's text: the heading, then a line per number given.
    public func text(appKey: String) -> String {
        ([Self.heading(appKey: appKey)] + given.map { "\($0.number) \($0.id) \($0.key)" }).joined(separator: "\n")
            + "\n"
    }
}

extension EventNumbers {
    /// Runs `body` while holding the app's events folder for numbering (an exclusive `flock` on the folder), so that
    /// two saves at once never give one number twice; the folder is made when missing.
    static func locked<T>(folder: String, _ body: () throws(LassoError) -> T) throws(LassoError) -> T {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw LassoError(.cannotWrite, "\(folder): cannot create the folder: \(error.localizedDescription)")
        }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LassoError(.cannotWrite, "\(folder): cannot open the folder: \(SystemErrorWords.words(for: errno))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw LassoError(
                    .cannotWrite, "\(folder): cannot lock the folder: \(SystemErrorWords.words(for: errno))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Saves `definition` through `write`, giving it the app's next number first when it has none (the highest the
    /// ledger or any saved definition of the app holds, plus one), and records its number in the ledger after the
    /// file is written. The definition as written.
    static func numbered(
        _ definition: EventDefinition, folder: String, saved: [EventDefinition],
        write: (EventDefinition) throws(LassoError) -> String
    ) throws(LassoError) -> (file: String, definition: EventDefinition) {
        try locked(folder: folder) { () throws(LassoError) -> (file: String, definition: EventDefinition) in
            var ledger = try read(folder: folder)
            var numbered = definition
            if numbered.number == nil {
                let others = saved.filter { $0.appKey == definition.appKey && $0.id != definition.id }
                // A number this definition was given first comes back (its field was lost in an edit by hand).
                if let given = ledger.number(of: definition.id), ledger.first(given)?.id == definition.id,
                    !others.contains(where: { $0.number == given })
                {
                    numbered.number = given
                } else {
                    let next = max(ledger.highest, others.compactMap(\.number).max() ?? 0) + 1
                    guard next <= EventDefinitionCodec.largestNumber else {
                        throw LassoError(
                            .badInput,
                            "\(folder)/\(fileName): the app's event numbers are used up (\(EventDefinitionCodec.largestNumber) was given, the largest a catalogue's key can hold); nothing was written"
                        )
                    }
                    numbered.number = next
                }
            }
            let file = try write(numbered)
            let before = ledger
            ledger.record(numbered)
            if ledger != before {
                try AtomicFile.write(ledger.text(appKey: numbered.appKey), to: folder + "/" + fileName)
            }
            return (file, numbered)
        }
    }
}
