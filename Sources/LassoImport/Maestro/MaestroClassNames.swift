/// The class names of one Maestro import, each numbered once whether it was met as text or as bytes in place.
struct MaestroClassNames {
    private(set) var names: [String] = []
    private var numbers = ByteKeyTable()

    /// The number of the class name spelled by `bytes` (valid UTF-8).
    mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let number = Int(numbers.id(bytes, 0..<bytes.count))
        if number == names.count { names.append(String(decoding: bytes, as: UTF8.self)) }
        return number
    }

    /// The number of the class name `name`.
    mutating func number(of name: String) -> Int {
        var name = name
        return name.withUTF8 { number(of: $0) }
    }
}
