import CZlib
import Foundation
import LassoSnapshot

/// An image in the kitty graphics protocol (kitty, Ghostty, Konsole, WezTerm): 24-bit RGB compressed with zlib,
/// transmitted as base64 in chunks of at most 4096 bytes (`a=t`), then placed at the cursor over a given number of
/// cells (`a=p`), answered by nothing (`q=2`), the cursor left where it was (`C=1`) and drawn under text (`z=-1`).
/// Transmitting and placing apart lets tmux carry each chunk alone and the placement with the cursor's move.
public enum KittyImageEncoder {
    /// The most base64 bytes one escape sequence carries, as the protocol says.
    public static let chunkLimit = 4096

    /// The sequences that transmit `image` as image `id` (it is not shown until placed).
    public static func transmit(_ image: RGBImage, id: Int) -> [[UInt8]] {
        let payload = Data(compressed(image.pixels)).base64EncodedData()
        var sequences: [[UInt8]] = []
        var start = payload.startIndex
        repeat {
            let end = min(start + chunkLimit, payload.endIndex)
            var out = TerminalBytes(capacity: end - start + 96)
            out.append("\u{1B}_G")
            if sequences.isEmpty {
                out.append("a=t,f=24,o=z,s=")
                out.append(number: image.width)
                out.append(",v=")
                out.append(number: image.height)
                out.append(",i=")
                out.append(number: id)
                out.append(",q=2,")
            }
            out.append(end < payload.endIndex ? "m=1;" : "m=0;")
            out.bytes.append(contentsOf: payload[start..<end])
            out.append("\u{1B}\\")
            sequences.append(out.bytes)
            start = end
        } while start < payload.endIndex
        return sequences
    }

    /// The sequence that shows image `id` stretched over `columns` × `rows` cells from the cursor.
    public static func place(id: Int, columns: Int, rows: Int) -> [UInt8] {
        var out = TerminalBytes()
        out.append("\u{1B}_Ga=p,i=")
        out.append(number: id)
        out.append(",c=")
        out.append(number: columns)
        out.append(",r=")
        out.append(number: rows)
        out.append(",q=2,C=1,z=-1\u{1B}\\")
        return out.bytes
    }

    /// The sequence that takes image `id` off the screen and frees its data.
    public static func delete(id: Int) -> [UInt8] {
        var out = TerminalBytes()
        out.append("\u{1B}_Ga=d,d=I,i=")
        out.append(number: id)
        out.append(",q=2\u{1B}\\")
        return out.bytes
    }

    /// `bytes` compressed by zlib at its fastest level (a screenshot's flat colours still shrink ten times or more).
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), Z_BEST_SPEED)
            }
        }
        // compress2 only fails for want of memory or room, and compressBound gives the room.
        precondition(status == Z_OK, "zlib could not compress \(bytes.count) bytes (\(status))")
        out.removeSubrange(Int(size)...)
        return out
    }
}
