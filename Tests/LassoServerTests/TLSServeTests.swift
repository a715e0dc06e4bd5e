import Foundation
import LassoDocuments
import Testing
import _LassoTestSupport

/// `lasso serve --tls-cert --tls-key`, the real binary, asked by curl as a phone would ask: HTTPS with the certificate
/// as the only trust anchor, plain HTTP refused on the same port, a renewed certificate taken on SIGHUP, and files
/// that are not a pair refused in words.
@Suite(.enabled(if: TestCA.hasOpenSSL, "needs the openssl command"))
struct TLSServeTests {
    /// A fresh folder with a CA in it.
    static func authority(_ name: String = "ca") throws -> TestCA {
        try TestCA(in: TestRunFolder.fresh("lasso-tls-") + "/" + name)
    }

    /// curl's exit status and output for `url`, trusting `anchor` alone.
    static func curl(_ url: String, trusting anchor: String) throws -> (Int32, String) {
        try TestCA.run(["curl", "-sS", "--max-time", "10", "--cacert", anchor, url])
    }

    /// Starts `lasso serve` on a store in `folder` with the certificate and key files.
    static func serve(in folder: String, _ files: TestCertificate) throws -> ServeProcess {
        try ServeProcess(
            db: folder + "/store.sqlite", token: Fixtures.token,
            arguments: ["--tls-cert", files.certificate, "--tls-key", files.key])
    }

    @Test func answersHTTPSThatCurlAndPythonAcceptAndRefusesPlainHTTPOnItsPort() throws {
        let ca = try Self.authority()
        let folder = (ca.certificate as NSString).deletingLastPathComponent
        let issued = try ca.issue("server")
        // The certificate file as servers are given it: the server's certificate, then the chain up to the CA.
        let chained = TestCertificate(certificate: folder + "/chained.crt", key: issued.key)
        try
            (String(contentsOfFile: issued.certificate, encoding: .utf8)
            + String(contentsOfFile: ca.certificate, encoding: .utf8)).write(
                toFile: chained.certificate, atomically: true, encoding: .utf8)
        let server = try Self.serve(in: folder, chained)
        defer { server.stop() }
        #expect(server.secure)
        #expect(server.startMessages.contains("TLS: 2 certificates from \(chained.certificate), valid until 20"))
        let (status, body) = try Self.curl(
            server.url + "/v1/apps/shop/configs?version=1.0.0", trusting: ca.certificate)
        #expect(status == 0, "\(body)")
        #expect(body == #"{"appKey":"shop","version":"1.0.0","configs":[]}"# + "\n")
        // Python's ssl, checking the name (the address 127.0.0.1) against the certificate as it does by default.
        let python = try TestCA.run([
            "python3", "-c",
            "import ssl, sys, urllib.request; context = ssl.create_default_context(cafile=sys.argv[1]); "
                + "print(urllib.request.urlopen(sys.argv[2], context=context).read().decode(), end='')",
            ca.certificate, server.url + "/v1/ping",
        ])
        #expect(python.status == 0 && python.output == "pong\n", "\(python.output)")
        // Plain HTTP on the TLS port gets no answer, and the server goes on answering HTTPS.
        let (plain, _) = try TestCA.run(["curl", "-sS", "--max-time", "10", "http://127.0.0.1:\(server.port)/v1/ping"])
        #expect(plain != 0)
        let (again, pong) = try Self.curl(server.url + "/v1/ping", trusting: ca.certificate)
        #expect(again == 0 && pong == "pong\n")
        // A client that trusts another CA only is refused by curl itself (60: the peer's certificate).
        let other = try Self.authority("other")
        #expect(try Self.curl(server.url + "/v1/ping", trusting: other.certificate).0 == 60)
    }

    @Test func sighupTakesARenewedCertificateAndKeepsTheOneInUseWhenTheNewFilesAreNoPair() throws {
        let ca = try Self.authority()
        let folder = (ca.certificate as NSString).deletingLastPathComponent
        let first = try ca.issue("first")
        let live = TestCertificate(certificate: folder + "/live.crt", key: folder + "/live.key")
        func install(_ path: String, from source: String) throws {
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: source, toPath: path)
        }
        try install(live.certificate, from: first.certificate)
        try install(live.key, from: first.key)
        let server = try Self.serve(in: folder, live)
        defer { server.stop() }
        // Renewed by another CA, so that which certificate answers shows in which anchor curl accepts.
        let renewing = try Self.authority("renewing")
        let renewed = try renewing.issue("renewed")
        #expect(try Self.curl(server.url + "/v1/ping", trusting: renewing.certificate).0 == 60)

        try install(live.certificate, from: renewed.certificate)
        try install(live.key, from: renewed.key)
        kill(server.processIdentifier, SIGHUP)
        #expect(try Self.eventually { try Self.curl(server.url + "/v1/ping", trusting: renewing.certificate).0 == 0 })

        // The key of another certificate: the reload is refused, the renewed certificate stays in use.
        try install(live.key, from: try renewing.issue("stray").key)
        kill(server.processIdentifier, SIGHUP)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(server.process.isRunning)
        let (status, pong) = try Self.curl(server.url + "/v1/ping", trusting: renewing.certificate)
        #expect(status == 0 && pong == "pong\n")
        // The operator sees the failed reload, and when the certificate in use ends (about 30 days from now).
        let (_, page) = try TestCA.run([
            "curl", "-sS", "--max-time", "10", "--cacert", renewing.certificate, "-H",
            "Authorization: Bearer \(Fixtures.token)", server.url + "/metrics",
        ])
        #expect(MetricsTests.sample(page, "lasso_tls_certificate_reload_failures_total") == 1, "\(page.prefix(300))")
        let ends = try #require(MetricsTests.sample(page, "lasso_tls_certificate_not_after_timestamp_seconds"))
        #expect(abs(ends - Date().addingTimeInterval(30 * 86400).timeIntervalSince1970) < 3600)
    }

    @Test func filesThatAreNotAPairOrNotValidNowAreRefusedInWordsBeforeListening() throws {
        let ca = try Self.authority()
        let folder = (ca.certificate as NSString).deletingLastPathComponent
        let first = try ca.issue("first")
        let other = try ca.issue("other")
        let db = folder + "/store.sqlite"
        func serve(_ arguments: [String]) throws -> (Int32, String) {
            try TestCA.run([LassoBinary.path, "serve", "--port", "0", "--db", db] + arguments)
        }
        let mismatch = try serve(["--tls-cert", first.certificate, "--tls-key", other.key])
        #expect(mismatch.0 == 65)
        #expect(
            mismatch.1
                == "lasso: --tls-key \(other.key): expected the private key of the certificate in \(first.certificate), found a key that does not match it\n"
        )
        let expired = try ca.issue("expired", notBefore: "20200101000000Z", notAfter: "20200201000000Z")
        let ended = try serve(["--tls-cert", expired.certificate, "--tls-key", expired.key])
        #expect(ended.0 == 65)
        #expect(
            ended.1.contains(
                "--tls-cert \(expired.certificate): expected a certificate valid now, found one that ended at 2020-02-01T00:00:00Z"
            ), "\(ended.1)")
        let early = try ca.issue("early", notBefore: "20990101000000Z", notAfter: "20990201000000Z")
        let notYet = try serve(["--tls-cert", early.certificate, "--tls-key", early.key])
        #expect(notYet.0 == 65)
        #expect(notYet.1.contains("found one valid only from 2099-01-01T00:00:00Z"), "\(notYet.1)")
        // The CA's certificate before the server's: said as a chain out of order, not as a wrong key.
        let reversed = folder + "/reversed.crt"
        try
            (String(contentsOfFile: ca.certificate, encoding: .utf8)
            + String(contentsOfFile: first.certificate, encoding: .utf8)).write(
                toFile: reversed, atomically: true, encoding: .utf8)
        let outOfOrder = try serve(["--tls-cert", reversed, "--tls-key", first.key])
        #expect(outOfOrder.0 == 65)
        #expect(
            outOfOrder.1.contains(
                "--tls-cert \(reversed): expected the server's certificate first, then its chain, found the certificate of --tls-key \(first.key) at place 2 of 2"
            ), "\(outOfOrder.1)")
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

    @Test func pushTrustsATeamsOwnCAFromLASSO_CA_FILEAndSaysWhenItDoesNot() throws {
        let ca = try Self.authority()
        let folder = (ca.certificate as NSString).deletingLastPathComponent
        let server = try Self.serve(in: folder, try ca.issue("server"))
        defer { server.stop() }
        let configs = folder + "/configs"
        try FileManager.default.createDirectory(atPath: configs + "/shop-ios", withIntermediateDirectories: true)
        let config = Fixtures.config()
        try Fixtures.text(config).write(
            toFile: "\(configs)/shop-ios/\(config.id).json", atomically: true, encoding: .utf8)
        func push(_ environment: [String]) throws -> (Int32, String) {
            try TestCA.run(
                ["LASSO_TOKEN=\(Fixtures.token)"] + environment + [
                    LassoBinary.path, "push", "--configs", configs, "--server", server.url, "--app-key", "shop-ios",
                ])
        }
        let untrusted = try push([])
        #expect(untrusted.0 == 74)
        #expect(
            untrusted.1.contains(
                "found a certificate this machine does not trust: the server's certificate is not signed by a CA it trusts (a certificate of a team's own CA is trusted when LASSO_CA_FILE names the CA's PEM file)"
            ), "\(untrusted.1)")
        #expect(!untrusted.1.contains("BoringSSL") && !untrusted.1.contains("handshake.cc"))
        let missingFile = try push(["LASSO_CA_FILE=\(folder)/none.pem"])
        #expect(
            missingFile.1.contains(
                "LASSO_CA_FILE \(folder)/none.pem: expected a PEM file of CA certificates, found no such file"),
            "\(missingFile.1)")
        let trusted = try push(["LASSO_CA_FILE=\(ca.certificate)"])
        #expect(trusted.0 == 0, "\(trusted.1)")
        #expect(trusted.1.contains("done: 1 sent"), "\(trusted.1)")
        let (_, body) = try Self.curl(server.url + "/v1/apps/shop-ios/configs?version=5.4.0", trusting: ca.certificate)
        #expect(body.contains(config.id))
    }

    @Test func sighupWithoutTLSChangesNothingAndHTTPSToAPlainServerIsSaidInWords() throws {
        let folder = TestRunFolder.fresh("lasso-hup-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try ServeProcess(db: folder + "/store.sqlite", token: Fixtures.token)
        defer { server.stop() }
        kill(server.processIdentifier, SIGHUP)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(server.process.isRunning, "SIGHUP ended a server without TLS")
        let (status, pong) = try TestCA.run(["curl", "-sS", "--max-time", "10", server.url + "/v1/ping"])
        #expect(status == 0 && pong == "pong\n")
        let (pulled, words) = try TestCA.run([
            LassoBinary.path, "pull", "--configs", folder + "/configs", "--server", "https://127.0.0.1:\(server.port)",
            "--app-key", "shop-ios",
        ])
        #expect(pulled == 74)
        #expect(
            words.contains(
                "found an answer that is not TLS: the server speaks plain HTTP there (use http://, or start it with --tls-cert and --tls-key)"
            ), "\(words)")
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
