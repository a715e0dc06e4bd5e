import ArgumentParser
import Foundation
import LassoSnapshot

/// The process entry: parses the command line, runs the command, and turns every failure into one message and an exit status.
@main
enum Main {
    static func main() async {
        // A reader that goes away (`lasso pull | head -1`) makes writes fail with EPIPE instead of killing lasso.
        signal(SIGPIPE, SIG_IGN)
        do {
            if let problem = CommandSuggestion.problem(in: Array(CommandLine.arguments.dropFirst())) { throw problem }
            var command = try Lasso.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if let status = ExitStatus.of(error) {
                if let message = ExitStatus.message(of: error) { Console.error(message) }
                exit(status)
            }
            let code = Lasso.exitCode(for: error)
            guard code != .success else { Lasso.exit(withError: error) }
            Console.error(Lasso.message(for: error) + " (see lasso --help)")
            exit(code.rawValue)
        }
    }
}

/// The exit statuses lasso uses, and which failure gets which.
enum ExitStatus {
    /// The command ran and found something wrong (a broken config, nothing matched).
    static let findings: Int32 = 1
    /// Not saved: a conflict, or a refusal that `--force` overrides.
    static let refused: Int32 = 3
    static let usage: Int32 = 64
    static let badInput: Int32 = 65
    static let noInput: Int32 = 66
    static let cannotWrite: Int32 = 73
    static let io: Int32 = 74

    static func of(_ error: Error) -> Int32? {
        switch error {
        case is InputError: return badInput
        case is PathSyntaxError: return usage
        case let failure as LassoError:
            switch failure.kind {
            case .usage: return usage
            case .noInput: return noInput
            case .badInput: return badInput
            case .cannotWrite: return cannotWrite
            case .io: return io
            case .conflict, .refused: return refused
            case .notFound: return findings
            }
        case let exit as ExitCode: return exit.rawValue
        default: return nil
        }
    }

    static func message(of error: Error) -> String? {
        switch error {
        case let input as InputError: return input.description
        case let path as PathSyntaxError: return path.description
        case let failure as LassoError: return failure.message
        default: return nil
        }
    }
}
