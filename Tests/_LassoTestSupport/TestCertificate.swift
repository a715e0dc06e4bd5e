import Foundation

/// A certificate and its key made by the openssl command for a test: a P-256 key, self-signed for `localhost` and
/// 127.0.0.1, so a client that is given the certificate as its trust anchor (`curl --cacert`) accepts the server.
public struct TestCertificate {
    public let certificate: String
    public let key: String

    /// Makes `NAME.crt` and `NAME.key` in `folder`, the certificate's common name `commonName`.
    public init(in folder: String, name: String, commonName: String = "localhost") throws {
        certificate = "\(folder)/\(name).crt"
        key = "\(folder)/\(name).key"
        let (status, output) = try Self.run([
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
            key, "-out", certificate, "-days", "30", "-subj", "/CN=\(commonName)", "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
        guard status == 0 else { throw ServeProcessError(description: "openssl req failed: \(output)") }
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
