import Foundation
import Testing

@testable import LassoSnapshot

/// Failures from the system and from libraries are said in plain words, however deep a library wrapped them.
@Suite struct SystemErrorWordsTests {
    /// A stand-in for a library's error that wraps an operating-system one (SwiftNIO's `IOError` has `errnoCode`).
    struct Wrapped: Error {
        struct Inner { var errnoCode: Int32 }
        var code = "connectionError"
        var underlying: [Inner]
    }

    @Test("an errno found inside a wrapping error, a POSIX NSError and a lasso error")
    func systemErrors() {
        #expect(
            SystemErrorWords.describe(Wrapped(underlying: [.init(errnoCode: ECONNREFUSED)])) == "connection refused")
        #expect(SystemErrorWords.errno(in: Wrapped(underlying: [.init(errnoCode: ENOENT)])) == ENOENT)
        #expect(
            SystemErrorWords.describe(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOTDIR)))
                == "not a directory")
        #expect(SystemErrorWords.describe(LassoError(.io, "said already")) == "said already")
    }

    @Test("Foundation's file errors by their underlying system error, else in words, never as a code domain")
    func foundationErrors() {
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))
        let wrapped = NSError(domain: "NSCocoaErrorDomain", code: 513, userInfo: [NSUnderlyingErrorKey: underlying])
        #expect(SystemErrorWords.describe(wrapped) == "permission denied")
        let bare = NSError(domain: "NSCocoaErrorDomain", code: 512)
        #expect(!SystemErrorWords.describe(bare).contains("NSCocoaErrorDomain"))
        #expect(SystemErrorWords.describe(bare).contains("in the way"))
    }
}
