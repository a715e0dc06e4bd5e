import Foundation
import Testing
import _LassoTestSupport

/// `lasso serve --tls-cert --tls-key`, the real binary, asked by curl as a phone would ask: HTTPS with the certificate
/// as the only trust anchor, plain HTTP refused on the same port, a renewed certificate taken on SIGHUP, and files
/// that are not a pair refused in words.
@Suite(.enabled(if: TestCertificate.hasOpenSSL, "needs the openssl command"))
struct TLSServeTests {
    /// A fresh folder with a certificate `first` in it.
    static func folder() throws -> (String, TestCertificate) {
        let folder = TestRunFolder.fresh("lasso-tls-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder, try TestCertificate(in: folder, name: "first"))
    }

    /// curl's exit status and output for `url`, trusting `anchor` alone.
    static func curl(_ url: String, trusting anchor: String, _ more: [String] = []) throws -> (Int32, String) {
        try TestCertificate.run(["curl", "-sS", "--max-time", "10", "--cacert", anchor] + more + [url])
    }

    @Test func answersHTTPSWithTheCertificateAndRefusesPlainHTTPOnItsPort() throws {
        let (folder, certificate) = try Self.folder()
        let server = try ServeProcess(
            db: folder + "/store.sqlite", token: Fixtures.token,
            arguments: ["--tls-cert", certificate.certificate, "--tls-key", certificate.key])
        defer { server.stop() }
        #expect(server.secure)
        #expect(server.startMessages.contains("TLS: 1 certificate from \(certificate.certificate)"))
        let (status, body) = try Self.curl(
            server.url + "/v1/apps/shop/configs?version=1.0.0", trusting: certificate.certificate)
        #expect(status == 0, "\(body)")
        #expect(body == #"{"appKey":"shop","version":"1.0.0","configs":[]}"# + "\n")
        // Plain HTTP on the TLS port gets no answer, and the server goes on answering HTTPS.
        let (plain, _) = try TestCertificate.run([
            "curl", "-sS", "--max-time", "10", "http://127.0.0.1:\(server.port)/v1/ping",
        ])
        #expect(plain != 0)
        let (again, pong) = try Self.curl(server.url + "/v1/ping", trusting: certificate.certificate)
        #expect(again == 0 && pong == "pong\n")
        // A client that does not trust the certificate is refused by curl itself (60: the peer's certificate).
        let other = try TestCertificate(in: folder, name: "other")
        let (untrusted, _) = try Self.curl(server.url + "/v1/ping", trusting: other.certificate)
        #expect(untrusted == 60)
    }

    @Test func sighupTakesARenewedCertificateAndKeepsTheOldOneWhenTheNewFilesAreNoPair() throws {
        let (folder, first) = try Self.folder()
        let live = (certificate: folder + "/live.crt", key: folder + "/live.key")
        try FileManager.default.copyItem(atPath: first.certificate, toPath: live.certificate)
        try FileManager.default.copyItem(atPath: first.key, toPath: live.key)
        let server = try ServeProcess(
            db: folder + "/store.sqlite", token: Fixtures.token,
            arguments: ["--tls-cert", live.certificate, "--tls-key", live.key])
        defer { server.stop() }
        let renewed = try TestCertificate(in: folder, name: "renewed")
        #expect(try Self.curl(server.url + "/v1/ping", trusting: renewed.certificate).0 == 60)

        func replace(_ path: String, with source: String) throws {
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: source, toPath: path)
        }
        try replace(live.certificate, with: renewed.certificate)
        try replace(live.key, with: renewed.key)
        kill(server.processIdentifier, SIGHUP)
        #expect(try Self.eventually { try Self.curl(server.url + "/v1/ping", trusting: renewed.certificate).0 == 0 })

        // The key of another certificate: the reload is refused, the renewed certificate stays in use.
        let stray = try TestCertificate(in: folder, name: "stray")
        try replace(live.key, with: stray.key)
        kill(server.processIdentifier, SIGHUP)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(server.process.isRunning)
        let (status, pong) = try Self.curl(server.url + "/v1/ping", trusting: renewed.certificate)
        #expect(status == 0 && pong == "pong\n")
    }

    @Test func filesThatAreNotAPairAreRefusedInWordsBeforeListening() throws {
        let (folder, first) = try Self.folder()
        let other = try TestCertificate(in: folder, name: "other")
        let db = folder + "/store.sqlite"
        func serve(_ arguments: [String]) throws -> (Int32, String) {
            try TestCertificate.run([LassoBinary.path, "serve", "--port", "0", "--db", db] + arguments)
        }
        let mismatch = try serve(["--tls-cert", first.certificate, "--tls-key", other.key])
        #expect(mismatch.0 == 65)
        #expect(
            mismatch.1
                == "lasso: --tls-key \(other.key): expected the private key of the certificate in \(first.certificate), found a key that does not match it\n"
        )
        let missing = try serve(["--tls-cert", folder + "/none.crt", "--tls-key", first.key])
        #expect(missing.0 == 66)
        #expect(
            missing.1.contains("--tls-cert \(folder)/none.crt: expected a PEM certificate file, found no such file"))
        let swapped = try serve(["--tls-cert", first.key, "--tls-key", first.certificate])
        #expect(swapped.0 == 65)
        #expect(swapped.1.contains("expected PEM certificates (-----BEGIN CERTIFICATE-----)"))
        let alone = try serve(["--tls-cert", first.certificate])
        #expect(alone.0 == 64)
        #expect(alone.1.contains("--tls-cert: expected --tls-key with it, found --tls-cert alone"))
        #expect(!FileManager.default.fileExists(atPath: db), "a refused start created the store")
    }

    /// Asks `check` every 100 ms for up to 10 s until it holds.
    static func eventually(_ check: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try check() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }
}
