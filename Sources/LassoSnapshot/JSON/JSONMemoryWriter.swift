/// Writes JSON straight into memory it is given, spelled exactly as `JSONWriter.compact` spells the same values, for
/// importers that write millions of views without making a `JSONValue` of each.
///
/// It does not check for room on each byte: the caller asks `fits(_:)` before each piece with a bound of what the
/// piece can take (a string at most 6 bytes a byte of text, a number at most 24 bytes).
package struct JSONMemoryWriter {
    private let base: UnsafeMutablePointer<UInt8>
    package let capacity: Int
    package private(set) var count = 0

    package init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Whether `extra` more bytes fit.
    package func fits(_ extra: Int) -> Bool { extra <= capacity - count }

    package mutating func byte(_ value: UInt8) {
        base[count] = value
        count += 1
    }

    /// Appends bytes as they are (markup, or JSON written before).
    package mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { raw($0) }
    }

    package mutating func raw(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { raw($0) }
    }

    package mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { raw($0) }
    }

    /// `"key":` for a key that needs no escaping.
    package mutating func key(_ name: StaticString) {
        byte(UInt8(ascii: "\""))
        raw(name)
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
    }

    /// A JSON string literal of UTF-8 `text`, escaped by the one rule of `JSONEscaping`: at most 6 bytes a byte.
    package mutating func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        byte(UInt8(ascii: "\""))
        var runStart = range.lowerBound
        var index = range.lowerBound
        let end = range.upperBound
        JSONEscaping.firstByte.withUnsafeBufferPointer { table in
            while index < end {
                guard table[Int(text[index])] != 0,
                    let scalar = JSONEscaping.escapedScalar(text, at: index, end: end)
                else {
                    index += 1
                    continue
                }
                raw(UnsafeBufferPointer(rebasing: text[runStart..<index]))
                JSONEscaping.writeEscape(scalar) { byte($0) }
                index += JSONEscaping.length(of: scalar)
                runStart = index
            }
        }
        raw(UnsafeBufferPointer(rebasing: text[runStart..<end]))
        byte(UInt8(ascii: "\""))
    }

    /// A JSON string literal of `text`.
    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string($0, 0..<$0.count) }
    }

    /// A number as `JSONValue.double` writes it: whole numbers below 1e15 without a fraction, others in Swift's
    /// shortest spelling (at most 24 bytes), and `null` for what is not finite.
    package mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("null")
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
        } else {
            raw(String(value))
        }
    }

    package mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let first = count
        repeat {
            byte(UInt8(magnitude % 10) + UInt8(ascii: "0"))
            magnitude /= 10
        } while magnitude > 0
        var low = first
        var high = count - 1
        while low < high {
            let swap = base[low]
            base[low] = base[high]
            base[high] = swap
            low += 1
            high -= 1
        }
    }

}
