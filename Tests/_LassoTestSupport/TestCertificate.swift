import Foundation

/// A certificate and its key, made for a test by ``TestCA``: PEM files.
public struct TestCertificate {
    public let certificate: String
    public let key: String

    public init(certificate: String, key: String) {
        self.certificate = certificate
        self.key = key
    }
}

/// A certificate authority of a test's own, made with the openssl command: it issues P-256 server certificates for
/// `localhost` and 127.0.0.1 with the dates a test asks for, so a client given the CA's certificate as its only trust
/// anchor (`curl --cacert`, Python's `ssl.create_default_context(cafile:)`) accepts the server, as a phone that
/// trusts a company's CA would.
public struct TestCA {
    /// The CA's own certificate: the trust anchor to give clients.
    public let certificate: String
    private let key: String
    private let folder: String
    private let configuration: String

    /// Makes the CA in `folder` (created if missing).
    public init(in folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder + "/issued", withIntermediateDirectories: true)
        certificate = folder + "/ca.crt"
        key = folder + "/ca.key"
        configuration = folder + "/ca.cnf"
        FileManager.default.createFile(atPath: folder + "/index.txt", contents: nil)
        try "1000\n".write(toFile: folder + "/serial", atomically: true, encoding: .utf8)
        try """
        [ ca ]
        default_ca = test_ca
        [ test_ca ]
        database = \(folder)/index.txt
        new_certs_dir = \(folder)/issued
        serial = \(folder)/serial
        default_md = sha256
        policy = any_name
        copy_extensions = copy
        unique_subject = no
        [ any_name ]
        commonName = supplied

        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        try Self.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out",
            certificate, "-days", "30", "-subj", "/CN=lasso test CA", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
    }

    /// Issues `NAME.crt` and `NAME.key`, valid from `notBefore` until `notAfter` (openssl's `YYYYMMDDHHMMSSZ`), by
    /// default from an hour ago for 30 days.
    public func issue(_ name: String, notBefore: String? = nil, notAfter: String? = nil) throws -> TestCertificate {
        let issued = TestCertificate(certificate: "\(folder)/\(name).crt", key: "\(folder)/\(name).key")
        let request = "\(folder)/\(name).csr"
        try Self.openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", issued.key,
            "-out", request, "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        let start = notBefore ?? formatter.string(from: Date().addingTimeInterval(-3600))
        let end = notAfter ?? formatter.string(from: Date().addingTimeInterval(30 * 86400))
        try Self.openssl([
            "ca", "-batch", "-notext", "-config", configuration, "-cert", certificate, "-keyfile", key, "-in", request,
            "-out", issued.certificate, "-startdate", start, "-enddate", end,
        ])
        return issued
    }

    private static func openssl(_ arguments: [String]) throws {
        let (status, output) = try run(["openssl"] + arguments)
        guard status == 0 else {
            throw ServeProcessError(description: "openssl \(arguments.first ?? "") failed: \(output)")
        }
    }

    /// Whether the openssl command is installed.
    public static var opensslInstalled: Bool { (try? run(["openssl", "version"]).status) == 0 }

    /// Whether the tests that make certificates run: openssl is installed, or this is CI.
    public static var hasOpenSSL: Bool { Tools.isCI || opensslInstalled }

    /// Runs a command found in PATH: its exit status and what it wrote to standard output and error.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
