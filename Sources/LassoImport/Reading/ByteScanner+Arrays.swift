import LassoSnapshot

/// The syntax of an array read in place, written once for the readers that take its elements from the bytes.
extension ByteScanner {
    /// Reads the array whose `[` is at the cursor, each element by `element` (the cursor at it, white space passed
    /// over); a fault of the array's own syntax is worded as the parser words it.
    mutating func readArray(_ element: (inout ByteScanner) throws(ScanError) -> Void) throws(ScanError) {
        pos += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            pos += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            guard let next = peek() else { throw error("',' or ']'") }
            pos += 1
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else {
                pos -= 1
                throw error("',' or ']'")
            }
        }
    }
}
