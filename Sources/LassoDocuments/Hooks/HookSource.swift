/// Where a hook reads a value: a KVC key path on the instance that runs the method, or the method's `i`-th argument
/// (`$args[0]`), optionally followed by a key path on that argument (`$args[0].tag`).
public struct HookSource: Sendable, Equatable, CustomStringConvertible {
    /// The argument's position, or nil to read on the instance.
    public var argument: Int?
    /// The key path read on the instance or the argument; empty for the argument itself.
    public var keyPath: String

    public init(argument: Int? = nil, keyPath: String) {
        self.argument = argument
        self.keyPath = keyPath
    }

    /// The most arguments a selector can name that lasso accepts (`$args[0]` … `$args[63]`).
    public static let argumentLimit = 64

    /// Reads `$args[i]`, `$args[i].key.path` or a key path; nil for text that is neither (an empty key, a bad index).
    public init?(_ text: String) {
        guard text.hasPrefix("$") else {
            guard !text.isEmpty,
                !text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
            else { return nil }
            self.init(keyPath: text)
            return
        }
        guard text.hasPrefix("$args["), let close = text.firstIndex(of: "]") else { return nil }
        let digits = text[text.index(text.startIndex, offsetBy: 6)..<close]
        guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let index = Int(digits), index < Self.argumentLimit
        else { return nil }
        let rest = text[text.index(after: close)...]
        if rest.isEmpty {
            self.init(argument: index, keyPath: "")
            return
        }
        guard rest.hasPrefix("."), let path = HookSource(String(rest.dropFirst())), path.argument == nil else {
            return nil
        }
        self.init(argument: index, keyPath: path.keyPath)
    }

    /// The source as a config writes it.
    public var description: String {
        guard let argument else { return keyPath }
        return "$args[\(argument)]" + (keyPath.isEmpty ? "" : "." + keyPath)
    }
}
