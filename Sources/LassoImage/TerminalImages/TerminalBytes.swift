/// The bytes of an escape sequence being written: text, numbers in decimal and single bytes appended without
/// building strings, for the terminal image encoders.
struct TerminalBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// A non-negative number in decimal.
    @inline(__always)
    mutating func append(number: Int) {
        var value = max(0, number)
        if value < 10 {
            bytes.append(UInt8(48 + value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while value > 0 && count < 10 {
                buffer[count] = UInt8(48 + value % 10)
                value /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                bytes.append(buffer[count])
            }
        }
    }
}
