import Logging
import ServiceLifecycle
import UnixSignals

/// Reads the server's certificate and key again on each SIGHUP (a renewed certificate), for as long as the server
/// runs; a pair that does not load leaves the one in use, and the log says why.
struct CertificateReloader: Service {
    let tls: ServerTLS
    let metrics: ServerMetrics
    let logger: Logger

    func run() async throws {
        metrics.certificate(endsAt: tls.notValidAfter)
        let signals = await UnixSignalsSequence(trapping: .sighup)
        await cancelWhenGracefulShutdown {
            for await _ in signals {
                do throws(ServerTLSError) {
                    try tls.reload()
                    metrics.certificate(endsAt: tls.notValidAfter)
                    logger.notice("SIGHUP: read the certificate again", metadata: ["certificate": "\(tls.description)"])
                } catch {
                    metrics.certificateReloadFailed()
                    logger.error(
                        "SIGHUP: kept the certificate in use, the files now do not load",
                        metadata: ["error": "\(error.description)"])
                }
            }
        }
    }
}
