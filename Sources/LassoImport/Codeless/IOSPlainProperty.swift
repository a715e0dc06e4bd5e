import LassoSnapshot

/// Reads the two properties every iOS codeless view has, its frame and its subviews, from their bytes when they are
/// written plainly: Mixpanel's `{"values": [{"value": v}]}` with the one value, or Sensors' bare `v`. Any other
/// spelling gives nil with the cursor where it was, for the value to be parsed (and refused, or unwrapped) as before.
enum IOSPlainProperty {
    /// Why a value is left to be parsed.
    private struct Unusual: Error {}

    /// A frame `{"X": …, "Y": …, "Width": …, "Height": …}`, each number given once and within ±1e9 points, as the
    /// tree makes it (a negative size is none).
    static func rect(_ scanner: inout ByteScanner) -> Rect? {
        unwrapped(&scanner) { scanner throws in
            guard scanner.peek() == UInt8(ascii: "{") else { throw Unusual() }
            scanner.pos += 1
            var numbers: [Double?] = [nil, nil, nil, nil]
            for member in 0..<4 {
                if member > 0 { try scanner.expect(UInt8(ascii: ","), "','") }
                let key = try scanner.scanKeyAndColon()
                let name = UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end])
                let slot =
                    ByteText.equals(name, "X")
                    ? 0 : ByteText.equals(name, "Y") ? 1 : ByteText.equals(name, "Width") ? 2 : 3
                guard slot < 3 || ByteText.equals(name, "Height"), numbers[slot] == nil else { throw Unusual() }
                scanner.skipWhitespace()
                guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
                    throw Unusual()
                }
                let number = scanner.double(try scanner.scanNumber())
                guard number.isFinite, abs(number) <= 1e9 else { throw Unusual() }
                numbers[slot] = number
            }
            try scanner.expect(UInt8(ascii: "}"), "'}'")
            guard let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3] else {
                throw Unusual()
            }
            return Rect(x: x, y: y, width: max(0, width), height: max(0, height))
        }
    }

    /// Subviews: an array of strings, their texts.
    static func strings(_ scanner: inout ByteScanner) -> [String]? {
        unwrapped(&scanner) { scanner throws in
            guard scanner.peek() == UInt8(ascii: "[") else { throw Unusual() }
            var texts: [String] = []
            try scanner.readArray { scanner throws(ScanError) in
                guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.error("a string") }
                texts.append(scanner.decode(try scanner.scanString()))
            }
            return texts
        }
    }

    /// The value `read` reads, bare at the cursor or as the one value of a `{"values": [{"value": …}]}` wrapper; nil,
    /// the cursor put back, when it reads something else or the bytes are at fault.
    private static func unwrapped<Value>(
        _ scanner: inout ByteScanner, _ read: (inout ByteScanner) throws -> Value
    ) -> Value? {
        let start = scanner.pos
        do {
            var wrapped = false
            if scanner.peek() == UInt8(ascii: "{") {
                scanner.pos += 1
                let key = try scanner.scanKeyAndColon()
                wrapped = ByteText.equals(UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end]), "values")
                scanner.pos = wrapped ? scanner.pos : start
            }
            guard wrapped else { return try read(&scanner) }
            try scanner.expect(UInt8(ascii: "["), "'['")
            try scanner.expect(UInt8(ascii: "{"), "'{'")
            let key = try scanner.scanKeyAndColon()
            guard ByteText.equals(UnsafeBufferPointer(rebasing: scanner.bytes[key.start..<key.end]), "value") else {
                throw Unusual()
            }
            scanner.skipWhitespace()
            let value = try read(&scanner)
            try scanner.expect(UInt8(ascii: "}"), "'}'")
            try scanner.expect(UInt8(ascii: "]"), "']'")
            try scanner.expect(UInt8(ascii: "}"), "'}'")
            return value
        } catch {
            scanner.pos = start
            return nil
        }
    }
}
