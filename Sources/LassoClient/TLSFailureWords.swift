import AsyncHTTPClient
import Foundation
import NIOSSL

/// Why a connection to a lasso server over TLS failed, in words a developer acts on, without BoringSSL's reason codes
/// and source paths.
enum TLSFailureWords {
    /// The words for `error`, or nil when it is no TLS failure. `authorities`: the file of `LASSO_CA_FILE`, if set.
    static func describe(_ error: any Error, authorities: String?) -> String? {
        let text = String(describing: error)
        if let authorities, let problem = fileProblem(authorities), error is NIOSSLError {
            return "LASSO_CA_FILE \(authorities): expected a PEM file of CA certificates, found \(problem)"
        }
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            let hint =
                authorities.map { "nor by the CAs in LASSO_CA_FILE \($0)" }
                ?? "(a certificate of a team's own CA is trusted when LASSO_CA_FILE names the CA's PEM file)"
            return
                "a certificate this machine does not trust: the server's certificate is not signed by a CA it trusts \(hint)"
        }
        if text.contains("failedToValidateHostname") {
            return
                "a certificate for another name: the server's certificate does not name the host of the URL (use one of the names it was made for)"
        }
        if text.contains("WRONG_VERSION_NUMBER") {
            return
                "an answer that is not TLS: the server speaks plain HTTP there (use http://, or start it with --tls-cert and --tls-key)"
        }
        if let error = error as? HTTPClientError, error == .remoteConnectionClosed {
            return
                "the server closed the connection without answering (a server started with --tls-cert answers https:// only)"
        }
        if text.contains("BoringSSLError") || error is NIOSSLError {
            return "a TLS error (\(reason(in: text) ?? String(describing: type(of: error))))"
        }
        return nil
    }

    /// What is wrong with the CA file, read as the TLS library would: nil when it holds PEM certificates.
    static func fileProblem(_ path: String) -> String? {
        var folder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { return "no such file" }
        if folder.boolValue { return "a folder" }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "a file lasso cannot read" }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 1 << 20), !start.isEmpty else { return "an empty file" }
        guard (try? NIOSSLCertificate.fromPEMBytes(Array(start)))?.isEmpty == false else {
            return "a file without PEM certificates (-----BEGIN CERTIFICATE-----)"
        }
        return nil
    }

    /// BoringSSL's reason (`CERTIFICATE_VERIFY_FAILED`) in its error's text.
    private static func reason(in text: String) -> String? {
        guard let start = text.range(of: "OPENSSL_internal:") else { return nil }
        let reason = text[start.upperBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
        return reason.isEmpty ? nil : String(reason)
    }
}
