import Foundation
import LassoImport

/// The fuzz targets, by the name that `LASSO_FUZZ_TARGET` gives.
///
/// Each one feeds the bytes to one part of the lasso libraries. A thrown error is the right answer to bad input and is
/// swallowed; a trap, a crash, a hang, a sanitizer report, or a `fatalError` from a broken promise checked here
/// is a finding.
enum FuzzTarget: String, CaseIterable {
    case snapshot
    case appium
    case android
    case uikit
    case maestro
    case dumpsys
    case mixpanel
    case sensors
    case reader
    case config
    case path
    case keypath
    case settings
    case check
    case screenshot
    case regex
    case textfield
    case selector

    func run(_ bytes: [UInt8]) {
        switch self {
        case .snapshot: SnapshotTarget.run(bytes)
        case .appium: ImportTarget.run(bytes, format: .appium)
        case .android: ImportTarget.run(bytes, format: .android)
        case .uikit: ImportTarget.run(bytes, format: .uikitText)
        case .maestro: ImportTarget.run(bytes, format: .maestro)
        case .dumpsys: ImportTarget.run(bytes, format: .dumpsys)
        case .mixpanel: ImportTarget.run(bytes, format: .mixpanel)
        case .sensors: ImportTarget.run(bytes, format: .sensors)
        case .reader: ReaderTarget.run(bytes)
        case .config: ConfigTarget.run(bytes)
        case .path: PathTarget.run(bytes)
        case .keypath: KeyPathTarget.run(bytes)
        case .settings: SettingsTarget.run(bytes)
        case .check: CheckTarget.run(bytes)
        case .screenshot: ScreenshotTarget.run(bytes)
        case .regex: RegexTarget.run(bytes)
        case .textfield: TextFieldTarget.run(bytes)
        case .selector: SelectorTarget.run(bytes)
        }
    }

    /// The target named by the environment; a missing or unknown name stops the run with the list of names.
    static let chosen: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["LASSO_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("set LASSO_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()
}

/// libFuzzer's entry point: called once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.chosen.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    // An import frees its parsed dump on a thread of its own: libFuzzer's leak check, after this returns, must not
    // find it half freed.
    BackgroundRelease.waitUntilFreed()
    return 0
}

/// libFuzzer's driver, in the runtime that `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to its module's own entry point, so libFuzzer's `main` is never used: this
/// one hands the command line to libFuzzer's driver, which runs exactly as libFuzzer's `main` would.
@main
enum FuzzMain {
    static func main() {
        _ = FuzzTarget.chosen
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, size in fuzz(data, size) })
    }
}

/// Reports a broken promise (as opposed to a thrown error) so that libFuzzer keeps the input.
/// The input is shown when given; libFuzzer writes it to the crash file either way.
func broken(_ what: String, _ bytes: [UInt8] = []) -> Never {
    if bytes.isEmpty { fatalError(what) }
    fatalError("\(what)\ninput: \(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)")
}
