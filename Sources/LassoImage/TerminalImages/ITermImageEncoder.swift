import Foundation
import LassoSnapshot

/// An image as iTerm2's inline image (iTerm2, WezTerm): `OSC 1337 ; File=inline=1;…:` with the PNG in base64,
/// stretched over a given number of cells from the cursor.
public enum ITermImageEncoder {
    /// The sequence that shows `image` over `columns` × `rows` cells from the cursor.
    public static func encode(_ image: RGBImage, columns: Int, rows: Int) throws(ImageError) -> [UInt8] {
        let png = try PNGCodec.encodeQuickly(image)
        let payload = Data(png).base64EncodedData()
        var out = TerminalBytes(capacity: payload.count + 96)
        out.append("\u{1B}]1337;File=inline=1;size=")
        out.append(number: png.count)
        out.append(";width=")
        out.append(number: columns)
        out.append(";height=")
        out.append(number: rows)
        out.append(";preserveAspectRatio=0:")
        out.bytes.append(contentsOf: payload)
        out.append(byte: 7)
        return out.bytes
    }
}
