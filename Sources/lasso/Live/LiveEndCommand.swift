import ArgumentParser
import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot

/// `lasso live end`: ends a pairing; the phone stops streaming at its next post.
struct LiveEndCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end", abstract: "End a pairing: the phone stops streaming at its next post.")

    @Argument(help: "The pairing's id (lasso live pair, lasso live list).") var pairing: String
    @OptionGroup var target: LiveServerOptions

    func run() async throws {
        guard pairing.utf8.count == 12, pairing.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw LassoError(
                .usage,
                "PAIRING: expected a pairing's id, 12 hex digits (lasso live list shows them), found \"\(DisplayText.escaped(pairing))\""
            )
        }
        try await target.client().end(pairing: pairing)
        Console.print("lasso: pairing \(DisplayText.escaped(pairing)) ended; the phone stops at its next post")
    }
}
