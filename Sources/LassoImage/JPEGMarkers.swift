/// What a JPEG's header says before its image data starts, read from its marker segments (ITU T.81 B.1): whether the
/// frame header (the SOF segment, with the size) is there whole, whether the bytes end before the image data (the SOS
/// marker), and whether an APP14 "Adobe" segment marks CMYK stored inverted.
struct JPEGMarkers {
    /// A whole frame header (SOF0–SOF15 but DHT, JPG and DAC) was read.
    private(set) var sawFrame = false
    /// The bytes end in the header: inside a segment, or before the image data.
    private(set) var endsEarly = false
    /// An APP14 segment that starts with "Adobe".
    private(set) var adobe = false

    init(_ bytes: [UInt8]) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            endsEarly = bytes.count < 2
            return
        }
        var index = 2
        while true {
            // A marker: 0xFF (any number of fill bytes), then its code.
            guard index < bytes.count else {
                endsEarly = true
                return
            }
            guard bytes[index] == 0xFF else { return }
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else {
                endsEarly = true
                return
            }
            let code = bytes[index]
            index += 1
            switch code {
            case 0xD8, 0x01, 0xD0...0xD7: continue
            case 0xD9, 0xDA: return  // the end of the image, or the start of its data
            default: break
            }
            guard index + 1 < bytes.count else {
                endsEarly = true
                return
            }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2 else { return }
            guard index + length <= bytes.count else {
                endsEarly = true
                return
            }
            let payload = bytes[(index + 2)..<(index + length)]
            switch code {
            case 0xC0...0xCF where code != 0xC4 && code != 0xC8 && code != 0xCC: sawFrame = true
            case 0xEE where payload.starts(with: Array("Adobe".utf8)): adobe = true
            default: break
            }
            index += length
        }
    }
}
