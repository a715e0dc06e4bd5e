import Crypto
import Foundation

/// Makes the fixed-length viewId of a path: the hash of its lasso notation, as lowercase hex (docs/viewpath.md, "viewId").
public enum ViewId {
    public static func make(_ path: ViewPath, hash: PathProfile.Hash = .md5) -> String {
        make(lassoText: PathNotation.lasso.write(path), hash: hash)
    }

    public static func make(lassoText: String, hash: PathProfile.Hash = .md5) -> String {
        let data = Data(lassoText.utf8)
        switch hash {
        case .md5: return hex(Insecure.MD5.hash(data: data))
        case .sha256: return hex(SHA256.hash(data: data))
        }
    }

    private static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
