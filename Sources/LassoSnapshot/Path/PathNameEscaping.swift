/// Writes class names and aliases inside a path so that every notation reads them back as they were
/// (docs/viewpath.md, "Names that need escaping").
///
/// Written as `%XX` (the UTF-8 bytes of the character): a character a notation uses for its own structure
/// (`/ [ ] ( ) & @ %`, and `-` in the dash notation), a control character anywhere, and whitespace at either end of
/// the name (which reading trims). Runtime names can hold such characters (`ListCell<(Int, String)>`,
/// `Foo<any A & B>`); ordinary names hold none, so their paths read exactly as the SDKs write them.
enum PathNameEscaping {
    /// The characters escaped in every notation.
    static let reserved: Set<Unicode.Scalar> = ["/", "[", "]", "(", ")", "&", "@", "%"]

    /// What reading a path trims from each name and alias, and so what a name's ends must not show unescaped:
    /// Unicode's White_Space characters (spaces, tabs, newlines, U+0085, U+00A0, U+2028, U+3000, …).
    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// The ASCII bytes `reserved` holds, by byte: the common name (`UIView`, `ProductCell`) is checked on its bytes.
    private static let reservedASCII: [Bool] = (0..<128).map { reserved.contains(Unicode.Scalar(UInt8($0))) }

    /// True when `name` is printable ASCII with none of `reserved`, `extra` or a space at either end: nothing to escape.
    private static func isPlainASCII(_ name: String, extra: Set<Unicode.Scalar>) -> Bool {
        let bytes = name.utf8
        if bytes.first == UInt8(ascii: " ") || bytes.last == UInt8(ascii: " ") { return false }
        for byte in bytes {
            if byte < 0x20 || byte >= 0x7F || reservedASCII[Int(byte)] { return false }
            if !extra.isEmpty && extra.contains(Unicode.Scalar(byte)) { return false }
        }
        return true
    }

    static func escape(_ name: String, alsoEscaping extra: Set<Unicode.Scalar> = []) -> String {
        // Most names need nothing escaped: they are given back as they are, without building a copy.
        if isPlainASCII(name, extra: extra) { return name }
        return escapedByScalars(name, alsoEscaping: extra)
    }

    /// `escape` worked out scalar by scalar, whatever the name holds.
    static func escapedByScalars(_ name: String, alsoEscaping extra: Set<Unicode.Scalar> = []) -> String {
        let view = name.unicodeScalars
        if view.first.map(isTrimmed) != true, view.last.map(isTrimmed) != true,
            !view.contains(where: { reserved.contains($0) || extra.contains($0) || isControl($0) })
        {
            return name
        }
        let scalars = Array(view)
        let firstKept = scalars.firstIndex { !isTrimmed($0) } ?? scalars.count
        let lastKept = scalars.lastIndex { !isTrimmed($0) } ?? -1
        var out = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() {
            let atAnEnd = offset < firstKept || offset > lastKept
            if reserved.contains(scalar) || extra.contains(scalar) || isControl(scalar) || atAnEnd {
                for byte in String(scalar).utf8 {
                    out.append("%")
                    out.append(contentsOf: hexDigits(byte).unicodeScalars)
                }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// C0 controls, DEL and C1 controls: never written as they are, since terminals and line-based tools act on them.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < UInt8(ascii: " ") || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The name with every run of `%XX` that spells UTF-8 turned back into its characters; a `%` that starts no
    /// such run stays as it is.
    static func unescape(_ text: Substring.UnicodeScalarView) -> String {
        guard text.contains("%") else { return String(text) }
        let scalars = Array(text)
        var out = String.UnicodeScalarView()
        var position = 0
        while position < scalars.count {
            guard scalars[position] == "%" else {
                out.append(scalars[position])
                position += 1
                continue
            }
            // The bytes of the run of escapes starting here.
            var bytes: [UInt8] = []
            var cursor = position
            while cursor + 2 < scalars.count, scalars[cursor] == "%", let high = hexValue(scalars[cursor + 1]),
                let low = hexValue(scalars[cursor + 2])
            {
                bytes.append(high << 4 | low)
                cursor += 3
            }
            if bytes.isEmpty {
                out.append("%")
                position += 1
                continue
            }
            // Each whole UTF-8 character is decoded; a byte that starts none stays written as `%XX`.
            var byteIndex = 0
            while byteIndex < bytes.count {
                if let (scalar, length) = decodeUTF8(bytes, at: byteIndex) {
                    out.append(scalar)
                    byteIndex += length
                } else {
                    out.append(contentsOf: scalars[position + 3 * byteIndex...position + 3 * byteIndex + 2])
                    byteIndex += 1
                }
            }
            position = cursor
        }
        return String(out)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - ("0" as Unicode.Scalar).value)
        case "A"..."F": UInt8(scalar.value - ("A" as Unicode.Scalar).value + 10)
        case "a"..."f": UInt8(scalar.value - ("a" as Unicode.Scalar).value + 10)
        default: nil
        }
    }

    /// The character whose UTF-8 encoding starts at `start`, and its length in bytes, when it is valid there.
    private static func decodeUTF8(_ bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[start]
        let length =
            switch lead {
            case 0x00...0x7F: 1
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0, start + length <= bytes.count else { return nil }
        guard let text = String(validating: bytes[start..<start + length], as: UTF8.self),
            text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first
        else { return nil }
        return (scalar, length)
    }
}

extension PathSegment {
    /// `Name@alias` with the name and alias escaped for a notation.
    package func escapedLabel(alsoEscaping extra: Set<Unicode.Scalar> = []) -> String {
        PathNameEscaping.escape(name, alsoEscaping: extra)
            + (alias.map { "@" + PathNameEscaping.escape($0, alsoEscaping: extra) } ?? "")
    }
}
