import Foundation

/// Says what a failure from the system or a library means in plain words ("connection refused", "not a directory"),
/// never a library's type dump (`PSQLError(code: connectionError, …)`, `NSCocoaErrorDomain error 512`).
public enum SystemErrorWords {
    /// The words for `error`: a lasso message as it is; an operating-system error (found however deep a library
    /// wrapped it) as the system's own words for its errno; a Foundation error by its underlying system error;
    /// otherwise the error's own description.
    public static func describe(_ error: any Error) -> String {
        if let failure = error as? LassoError { return failure.message }
        if let code = errno(in: error) { return words(for: code) }
        let bridged = error as NSError
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error {
            return describe(underlying)
        }
        if bridged.domain == "NSCocoaErrorDomain" {
            return cocoaWords[bridged.code] ?? "the file system refused (code \(bridged.code))"
        }
        return "\(error)"
    }

    /// The system's words for an errno, lowercased to sit inside a sentence: 111 → "connection refused".
    public static func words(for code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// The errno an error carries: a POSIX `NSError`, or a field named `errnoCode` or `errno` anywhere in the value
    /// (SwiftNIO's `IOError`, inside whatever wrapped it), looked for a few levels deep.
    public static func errno(in error: any Error) -> Int32? {
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return Int32(bridged.code) }
        return errnoField(in: error, depth: 0)
    }

    private static func errnoField(in value: Any, depth: Int) -> Int32? {
        guard depth < 6 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let label = child.label, label == "errnoCode" || label == "errno", let code = child.value as? Int32 {
                return code
            }
            if let found = errnoField(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }

    /// Foundation's file errors that carry no system error (their `localizedDescription` on Linux is a code).
    private static let cocoaWords: [Int: String] = [
        4: "no such file or folder",
        257: "permission denied",
        260: "no such file or folder",
        512: "a file is in the way, or the folder cannot be made",
        513: "permission denied",
        516: "a file of that name exists",
        640: "no space left on the device",
        642: "the file system is read-only",
    ]
}
