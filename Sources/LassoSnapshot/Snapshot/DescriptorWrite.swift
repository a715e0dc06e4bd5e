import Foundation

/// Writing all of some bytes to a file descriptor, however many `write` calls it takes and however often a signal
/// interrupts one: written once for every writer of lasso (the console, atomic files, the server's logs).
package enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`; the error number when it refuses them, nil when all went.
    package static func all(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        some(bytes, to: descriptor).error
    }

    /// Writes `bytes` to `descriptor` until all went or it refuses: how many went, and its error number then.
    package static func some(_ bytes: some ContiguousBytes, to descriptor: Int32) -> (written: Int, error: Int32?) {
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return (written, errno)
                }
                written += result
            }
            return (written, nil)
        }
    }
}
