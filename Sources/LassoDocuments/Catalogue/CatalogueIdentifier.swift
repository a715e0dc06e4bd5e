/// Names in generated code made from event keys and property keys, valid in both Swift and Java: words of letters
/// and digits (CJK included) joined as `lowerCamel` or `UPPER_SNAKE`, never a keyword, never starting with a digit,
/// and made unique within their scope in an order that keeps the earlier name when a later one collides with it.
public enum CatalogueIdentifier {
    /// The words of `key`: runs of characters both languages take in a name, split at every other character and
    /// where a lowercase letter or digit is followed by an uppercase one (`homeHot` → home, Hot; `URLPath` → URL, Path).
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current: [Unicode.Scalar] = []
        let scalars = Array(key.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            guard isNamePart(scalar) else {
                if !current.isEmpty { words.append(String(String.UnicodeScalarView(current))) }
                current = []
                continue
            }
            if let last = current.last {
                let upper = scalar.properties.isUppercase
                let lowerBefore = last.properties.isLowercase || last.properties.numericType != nil
                let acronymEnds =
                    upper && last.properties.isUppercase && index + 1 < scalars.count
                    && scalars[index + 1].properties.isLowercase
                if upper && (lowerBefore || acronymEnds) {
                    words.append(String(String.UnicodeScalarView(current)))
                    current = []
                }
            }
            current.append(scalar)
        }
        if !current.isEmpty { words.append(String(String.UnicodeScalarView(current))) }
        return words
    }

    /// `home_hot_entrance_click` → `homeHotEntranceClick`; nil when the key has no character a name can hold.
    public static func lowerCamel(_ key: String) -> String? {
        let parts = words(key)
        guard let first = parts.first else { return nil }
        let rest = parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let name =
            (first.allSatisfy { !$0.isLowercase }
                ? first.lowercased()
                : first.prefix(1).lowercased()
                    + first.dropFirst()) + rest.joined()
        return startsWell(name)
    }

    /// `homeHotEntranceClick` → `HOME_HOT_ENTRANCE_CLICK`; nil when the key has no character a name can hold.
    public static func upperSnake(_ key: String) -> String? {
        let parts = words(key)
        guard !parts.isEmpty else { return nil }
        return startsWell(parts.map { $0.uppercased() }.joined(separator: "_"))
    }

    /// `name`, with `_` before it when it starts with a digit.
    private static func startsWell(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, first.properties.numericType != nil else { return name }
        return "_" + name
    }

    /// Whether both Swift and Java take `scalar` inside a name: ASCII letters and digits, and beyond ASCII the
    /// letters and digits of Unicode that Swift's grammar also allows (its identifier ranges).
    static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber,
            .decimalNumber:
            break
        default: return false
        }
        return swiftRanges.contains { $0.contains(value) }
    }

    /// The ranges beyond ASCII that Swift's identifier-head admits (The Swift Programming Language, Lexical
    /// Structure, "Identifiers").
    private static let swiftRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
        0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
        0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD,
        0xE0000...0xEFFFD,
    ]

    /// Names for `keys` in one scope, in their order: each key's `make` name, else `fallback(index)` when it has no
    /// usable character; a name that is `reserved` or already given gets `_` and `suffix(index)` after it.
    static func unique(
        _ keys: [String], make: (String) -> String?, reserved: Set<String>, fallback: (Int) -> String,
        suffix: (Int) -> String
    ) -> [String] {
        var taken = reserved
        var names: [String] = []
        for (index, key) in keys.enumerated() {
            var name = make(key) ?? fallback(index)
            if taken.contains(name) {
                var attempt = name + "_" + suffix(index)
                var extra = 2
                while taken.contains(attempt) {
                    attempt = name + "_" + suffix(index) + "_\(extra)"
                    extra += 1
                }
                name = attempt
            }
            taken.insert(name)
            names.append(name)
        }
        return names
    }

    /// Eight hex digits of the FNV-1a hash of `key`'s UTF-8: a suffix that names a property the same way whatever
    /// other properties come and go.
    public static func stableSuffix(_ key: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Swift's keywords and the words that cannot name an enum case even in backticks.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type",
        "Protocol", "some", "any", "consume", "copy", "discard", "each", "borrowing", "consuming", "macro",
        "nonisolated", "package", "actor", "async", "_",
    ]

    /// Java's keywords and literals, and the names of `Object`'s methods (a static method of that name would clash).
    public static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "yield",
        "record", "sealed", "permits", "_", "equals", "hashCode", "toString", "getClass", "notify", "notifyAll",
        "wait", "clone", "finalize",
    ]
}
