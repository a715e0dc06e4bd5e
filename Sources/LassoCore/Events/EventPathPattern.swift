import Foundation

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
    /// The length of the shortest path that can match, for a quick refusal.
    let minimumLength: Int
    /// The path's last literal bytes, compared first: leaf classes differ more than pages.
    let suffix: [UInt8]

    public init(_ path: ViewPath) {
        parts = EventRegex.pieces(of: path).map { piece in
            switch piece {
            case .literal(let text): .literal(Array(text.utf8))
            case .digits: .digits
            }
        }
        minimumLength = parts.reduce(0) { total, part in
            switch part {
            case .literal(let bytes): total + bytes.count
            case .digits: total + 1
            }
        }
        if case .literal(let bytes)? = parts.last { suffix = bytes } else { suffix = [] }
    }

    /// True when `bytes` (a reported viewPath, UTF-8) is a path this location stands for.
    public func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= minimumLength else { return false }
        if !suffix.isEmpty {
            guard Self.equal(bytes, at: count - suffix.count, suffix) else { return false }
        }
        var position = 0
        for part in parts {
            switch part {
            case .literal(let literal):
                guard position + literal.count <= count, Self.equal(bytes, at: position, literal) else { return false }
                position += literal.count
            case .digits:
                let start = position
                while position < count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
                guard position > start else { return false }
            }
        }
        return position == count
    }

    /// True when `text` is a path this location stands for.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    @inline(__always)
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ literal: [UInt8]) -> Bool {
        literal.withUnsafeBufferPointer { literal in
            guard let base = bytes.baseAddress, let other = literal.baseAddress else { return literal.isEmpty }
            return memcmp(base + start, other, literal.count) == 0
        }
    }
}
