import Foundation
import LassoSnapshot

/// A definition's location compiled for matching reported viewPath bytes, exactly as its `EventRegex` pattern
/// would: literal byte runs and runs of one or more ASCII digits, the whole path and nothing more.
///
/// Every literal after a wildcard starts with `]` or `:`, never a digit, so taking digits greedily is the regex's
/// only way to match and no backtracking is needed.
public struct EventPathPattern: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case literal([UInt8])
        case digits
    }

    let parts: [Part]
    /// The parts flattened for matching, in arrays of plain values (no array per literal to retain per record):
    /// every literal's bytes one after another, and per part its start in them and its length (-1: digits).
    let literals: [UInt8]
    let pieces: [(start: Int, length: Int)]
    /// The length of the shortest path that can match, for a quick refusal.
    let minimumLength: Int
    /// The length of the path's last literal (compared first: leaf classes differ more than pages), 0 if none.
    let suffixLength: Int

    public static func == (lhs: EventPathPattern, rhs: EventPathPattern) -> Bool { lhs.parts == rhs.parts }

    public init(_ path: ViewPath) {
        self.init(
            parts: EventRegex.pieces(of: path).map { piece in
                switch piece {
                case .literal(let text): .literal(Array(text.utf8))
                case .digits: .digits
                }
            })
    }

    /// A location written in an SDK's dialect, as that SDK's records report paths: a Sensors `$element_path` as
    /// its text (the SDK sends `[-]` itself; `EventDefinition.recorded` turns a row into a position condition), a
    /// GrowingIO `xpath xcontent` whose `-` is any row (an xpath alone: any indices).
    public init(dialectText text: String, profile: SDKProfile) {
        self.init(parts: Self.dialectParts(text, profile: profile))
    }

    static func dialectParts(_ text: String, profile: SDKProfile) -> [Part] {
        var parts: [Part] = []
        func literal(_ text: Substring) {
            guard !text.isEmpty else { return }
            if case .literal(let bytes)? = parts.last {
                parts[parts.count - 1] = .literal(bytes + Array(text.utf8))
            } else {
                parts.append(.literal(Array(text.utf8)))
            }
        }
        switch profile {
        case .growingio:
            let halves = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            literal(halves[0] + " ")
            if halves.count == 2 {
                for (position, index) in halves[1].split(separator: "/", omittingEmptySubsequences: false).enumerated()
                where position > 0 {
                    literal("/")
                    if index == "-" { parts.append(.digits) } else { literal(index) }
                }
            } else {
                // An xpath alone: one index of any value per entry.
                for _ in halves[0].split(separator: "/") {
                    literal("/")
                    parts.append(.digits)
                }
            }
        case .sensors, .sensorsAndroid:
            literal(text[...])
        default:
            let pieces = text.components(separatedBy: "[-]")
            for (position, piece) in pieces.enumerated() {
                if position > 0 {
                    literal("[")
                    parts.append(.digits)
                    literal("]")
                }
                literal(piece[...])
            }
        }
        return parts
    }

    init(parts: [Part]) {
        self.parts = parts
        var literals: [UInt8] = []
        var pieces: [(start: Int, length: Int)] = []
        for part in parts {
            switch part {
            case .literal(let bytes):
                pieces.append((literals.count, bytes.count))
                literals += bytes
            case .digits: pieces.append((literals.count, -1))
            }
        }
        self.literals = literals
        self.pieces = pieces
        minimumLength = pieces.reduce(0) { $0 + max($1.length, 1) }
        if case .literal(let bytes)? = parts.last { suffixLength = bytes.count } else { suffixLength = 0 }
    }

    /// True when `bytes` (a reported viewPath, UTF-8) is a path this location stands for.
    public func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= minimumLength, let base = bytes.baseAddress else { return count == 0 && pieces.isEmpty }
        return literals.withUnsafeBufferPointer { literals in
            guard let literalBase = literals.baseAddress else { return count == 0 && pieces.isEmpty }
            if suffixLength > 0 {
                guard
                    memcmp(base + count - suffixLength, literalBase + literals.count - suffixLength, suffixLength) == 0
                else { return false }
            }
            return pieces.withUnsafeBufferPointer { pieces in
                var position = 0
                for piece in pieces {
                    if piece.length >= 0 {
                        guard position + piece.length <= count,
                            memcmp(base + position, literalBase + piece.start, piece.length) == 0
                        else { return false }
                        position += piece.length
                    } else {
                        let start = position
                        while position < count, base[position] &- UInt8(ascii: "0") < 10 { position += 1 }
                        guard position > start else { return false }
                    }
                }
                return position == count
            }
        }
    }

    /// True when `text` is a path this location stands for.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }
}
