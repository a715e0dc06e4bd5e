import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The yardstick of `Benchmarks/server-load.sh`: a Hummingbird 2 application with nothing of lasso in it, built with
/// the same package versions, serving a file's bytes with the headers lasso's `GET …/configs?version=` sends, and a
/// constant `pong`. What lasso's GET costs beyond this is lasso's own.
///
/// usage: BareHummingbird --port N --body FILE [--etag TAG]
///   GET /body: the file, with ETag, Cache-Control and Content-Type as lasso sends them
///   GET /ping: `pong` and a newline
func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count else { return nil }
    return arguments[flag + 1]
}
guard let port = option("--port").flatMap(Int.init), let path = option("--body"),
    let bytes = FileManager.default.contents(atPath: path)
else {
    FileHandle.standardError.write(Data("usage: BareHummingbird --port N --body FILE [--etag TAG]\n".utf8))
    exit(64)
}
let body = ByteBuffer(bytes: bytes)
let headers: HTTPFields = [
    .contentType: "application/json; charset=utf-8", .eTag: option("--etag") ?? "\"0123456789abcdef\"",
    .cacheControl: "public, max-age=60",
]
let router = Router()
router.get("/body") { _, _ in Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body)) }
router.get("/ping") { _, _ in "pong\n" }
var logger = Logger(label: "bare-hummingbird")
logger.logLevel = .error
let application = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
    logger: logger)
try await application.runService()
