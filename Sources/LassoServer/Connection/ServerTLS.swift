import Foundation
import NIOSSL
import Synchronization

/// The certificate and key `lasso serve --tls-cert --tls-key` answers TLS with, read from their PEM files at start and
/// again on each ``reload()`` (SIGHUP), each new connection taking the one read last.
public final class ServerTLS: Sendable {
    /// The PEM file of the certificate, followed by its chain.
    public let certificatePath: String
    /// The PEM file of the certificate's private key.
    public let keyPath: String
    private let context: Mutex<NIOSSLContext>
    /// What was read last: how many certificates and when the first ends, for the start-up and reload lines.
    private let summary: Mutex<String>
    /// When the certificate in use ends.
    private let ends: Mutex<Date>

    /// Reads both files, refusing in words a file that cannot be read, holds no certificate or key, or a key that is
    /// not the certificate's.
    public init(certificate: String, key: String) throws(ServerTLSError) {
        certificatePath = certificate
        keyPath = key
        let (context, summary, ends) = try Self.load(certificate: certificate, key: key)
        self.context = Mutex(context)
        self.summary = Mutex(summary)
        self.ends = Mutex(ends)
    }

    /// The context a new connection's handshake uses.
    var current: NIOSSLContext { context.withLock { $0 } }

    /// The certificate in use, in words: how many certificates, from which file, valid until when.
    public var description: String { summary.withLock { $0 } }

    /// When the certificate in use ends (its `notAfter`).
    public var notValidAfter: Date { ends.withLock { $0 } }

    /// Reads both files again; when they do not make a good pair the one in use stays, and the error says why.
    public func reload() throws(ServerTLSError) {
        let (fresh, words, end) = try Self.load(certificate: certificatePath, key: keyPath)
        context.withLock { $0 = fresh }
        summary.withLock { $0 = words }
        ends.withLock { $0 = end }
    }

    private static func load(certificate: String, key: String) throws(ServerTLSError) -> (NIOSSLContext, String, Date) {
        let certificateBytes = try read(certificate, option: "--tls-cert", what: "a PEM certificate")
        let keyBytes = try read(key, option: "--tls-key", what: "a PEM private key")
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMBytes(certificateBytes) } catch {
            throw ServerTLSError(
                "--tls-cert \(certificate): expected PEM certificates (-----BEGIN CERTIFICATE-----), found text that does not read as one"
            )
        }
        guard !chain.isEmpty else {
            throw ServerTLSError(
                "--tls-cert \(certificate): expected PEM certificates (-----BEGIN CERTIFICATE-----), found none")
        }
        if String(decoding: keyBytes.prefix(4096), as: UTF8.self).contains("ENCRYPTED") {
            throw ServerTLSError(
                "--tls-key \(key): expected a private key without a passphrase, found an encrypted one (write it out with `openssl pkey -in \(key) -out plain.key`, readable by the server's user only)"
            )
        }
        let privateKey: NIOSSLPrivateKey
        do { privateKey = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem) } catch {
            throw ServerTLSError(
                "--tls-key \(key): expected a PEM private key (-----BEGIN PRIVATE KEY-----), found text that does not read as one"
            )
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["http/1.1"]
        let context: NIOSSLContext
        do { context = try NIOSSLContext(configuration: configuration) } catch {
            // The key of another certificate of the file: the chain is out of order.
            for index in chain.indices.dropFirst() {
                var swapped = configuration
                swapped.certificateChain = [.certificate(chain[index])]
                if (try? NIOSSLContext(configuration: swapped)) != nil {
                    throw ServerTLSError(
                        "--tls-cert \(certificate): expected the server's certificate first, then its chain, found the certificate of --tls-key \(key) at place \(index + 1) of \(chain.count)"
                    )
                }
            }
            throw ServerTLSError(
                "--tls-key \(key): expected the private key of the certificate in \(certificate), found a key that does not match it"
            )
        }
        let leaf = chain[0]
        let expiry = Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
        let start = Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore))
        let ends = ISO8601DateFormatter().string(from: expiry)
        // Every client refuses such a certificate: said at start (or on SIGHUP), not by each handshake failing.
        guard expiry > Date() else {
            throw ServerTLSError(
                "--tls-cert \(certificate): expected a certificate valid now, found one that ended at \(ends) (renew it, then start the server or send it SIGHUP)"
            )
        }
        guard start <= Date().addingTimeInterval(300) else {
            throw ServerTLSError(
                "--tls-cert \(certificate): expected a certificate valid now, found one valid only from \(ISO8601DateFormatter().string(from: start)) (is this machine's clock right?)"
            )
        }
        let words = "\(chain.count) certificate\(chain.count == 1 ? "" : "s") from \(certificate), valid until \(ends)"
        return (context, words, expiry)
    }

    /// The file's bytes, read no further than 1 MiB and a byte (a log file or a device given by mistake is refused,
    /// not read whole).
    private static func read(_ path: String, option: String, what: String) throws(ServerTLSError) -> [UInt8] {
        var folder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &folder)
        guard exists, !folder.boolValue, let handle = FileHandle(forReadingAtPath: path),
            let data = try? handle.read(upToCount: limit + 1)
        else {
            let found = !exists ? "no such file" : folder.boolValue ? "a folder" : "a file lasso cannot read"
            throw ServerTLSError("\(option) \(path): expected \(what) file, found \(found)", missing: true)
        }
        try? handle.close()
        guard data.count <= limit else {
            throw ServerTLSError("\(option) \(path): expected \(what) file (at most 1 MiB), found a larger one")
        }
        return Array(data)
    }

    /// The largest certificate or key file read.
    private static let limit = 1 << 20
}

/// A certificate or key `lasso serve` cannot answer TLS with, said as file, expected and found.
public struct ServerTLSError: Error, CustomStringConvertible {
    public let description: String
    /// True when a file is not there or cannot be read, false when it reads but is not a usable certificate or key.
    public let missing: Bool

    init(_ description: String, missing: Bool = false) {
        self.description = description
        self.missing = missing
    }
}
