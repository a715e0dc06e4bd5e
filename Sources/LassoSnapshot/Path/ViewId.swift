import Crypto
import Foundation

/// Makes the fixed-length viewId of a path: the hash of its lasso notation, as lowercase hex (docs/viewpath.md, "viewId").
public enum ViewId {
    public static func make(_ path: ViewPath, hash: PathRules.Hash = .md5) -> String {
        make(lassoText: PathNotation.lasso.write(path), hash: hash)
    }

    public static func make(lassoText: String, hash: PathRules.Hash = .md5) -> String {
        let data = Data(lassoText.utf8)
        switch hash {
        case .md5: return hex(Insecure.MD5.hash(data: data))
        case .sha256: return hex(SHA256.hash(data: data))
        }
    }

    /// The digest in lowercase hex, two digits a byte (written out directly: `String(format:)` a byte was a tenth
    /// of reading a big configs folder).
    private static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
