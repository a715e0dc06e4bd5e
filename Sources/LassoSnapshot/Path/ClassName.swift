/// Turns a runtime class name into the name a viewPath uses: no Swift module prefix, no mangling (docs/viewpath.md, rule 3).
///
/// `ShopKit.ProductCell` → `ProductCell`, `_TtC7ShopKit11ProductCell` → `ProductCell`,
/// `ShopKit.ListCell<ShopKit.Item>` → `ListCell<Item>`, nested `_TtCC7ShopKit5Outer5Inner` → `Outer.Inner`.
public enum ClassName {
    public static func pathName(_ runtimeName: String) -> String {
        if runtimeName.hasPrefix("_Tt"), let demangled = demangleClass(runtimeName) { return demangled }
        // `ShopKit.` has no name after its module: it keeps the runtime name, as a path segment needs one.
        let stripped = stripModules(runtimeName)
        return stripped.isEmpty ? runtimeName : stripped
    }

    /// Drops the module from every type name in a demangled name, generic arguments, tuples and compositions included.
    static func stripModules(_ name: String) -> String {
        guard name.contains(".") else { return name }
        var out = ""
        var word = ""
        func flush() {
            if let dot = word.firstIndex(of: ".") {
                out += word[word.index(after: dot)...]
            } else {
                out += word
            }
            word = ""
        }
        for character in name {
            if "<>, ()[]:&?!".contains(character) {
                flush()
                out.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return out
    }

    /// The names the Objective-C runtime knows a class by (`NSClassFromString`, `NSStringFromClass`): as written,
    /// and `Module.Name` for a plain mangled Swift name (`_TtC7ShopKit11ProductCell`).
    public static func runtimeNames(_ raw: String) -> [String] {
        guard raw.hasPrefix("_TtC"), let demangled = demangleClass(raw) else { return [raw] }
        var rest = raw.dropFirst(3).drop { $0 == "C" }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits) else { return [raw] }
        rest = rest.dropFirst(digits.count)
        return [raw, String(rest.prefix(length)) + "." + demangled]
    }

    /// Reads the old Swift class mangling that Objective-C runtime names keep: `_TtC`, nested `_TtCC…`, `_TtCs`.
    static func demangleClass(_ name: String) -> String? {
        var rest = Substring(name.dropFirst(3))
        var nesting = 0
        while rest.first == "C" {
            nesting += 1
            rest = rest.dropFirst()
        }
        guard nesting > 0 else { return nil }
        // The module: a length-prefixed identifier, or `s` for the standard library.
        if rest.first == "s" {
            rest = rest.dropFirst()
        } else {
            guard readIdentifier(&rest) != nil else { return nil }
        }
        var parts: [String] = []
        for _ in 0..<nesting {
            guard let part = readIdentifier(&rest) else { return nil }
            parts.append(part)
        }
        guard rest.isEmpty else { return nil }
        return parts.joined(separator: ".")
    }

    private static func readIdentifier(_ text: inout Substring) -> String? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0 else { return nil }
        text = text.dropFirst(digits.count)
        guard text.count >= length else { return nil }
        let identifier = String(text.prefix(length))
        text = text.dropFirst(length)
        return identifier
    }
}
