import Foundation

/// An app version such as `5.3.0`, `5.10` or `5.3.0-beta.2`, compared number by number (docs/config-format.md, "Versions").
///
/// Missing parts count as 0 (`5.3 == 5.3.0`); a pre-release sorts before its release; build metadata
/// after `+` is ignored.
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let text: String
    package let parts: [Int]
    package let prerelease: [String]

    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withoutBuild = trimmed.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let pieces = withoutBuild.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = pieces[0].split(separator: ".", omittingEmptySubsequences: false)
        guard !numbers.isEmpty, numbers.count <= 8 else { return nil }
        var parts: [Int] = []
        for number in numbers {
            guard !number.isEmpty, number.count <= 9, number.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(number)
            else { return nil }
            parts.append(value)
        }
        var prerelease: [String] = []
        if pieces.count == 2 {
            prerelease = pieces[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard
                !prerelease.contains(where: {
                    $0.isEmpty || !$0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                })
            else { return nil }
        }
        while parts.count > 1 && parts.last == 0 { parts.removeLast() }
        self.text = trimmed
        self.parts = parts
        self.prerelease = prerelease
    }

    public var description: String { text }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        lhs.parts == rhs.parts && lhs.prerelease == rhs.prerelease
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(parts)
        hasher.combine(prerelease)
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for position in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = position < lhs.parts.count ? lhs.parts[position] : 0
            let right = position < rhs.parts.count ? rhs.parts[position] : 0
            if left != right { return left < right }
        }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (Int(left), Int(right)) {
            case (let l?, let r?): return l < r
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }
}
