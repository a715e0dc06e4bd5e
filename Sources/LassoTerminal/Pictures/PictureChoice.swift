/// How a person asks the UI to show a screenshot (`--picture`, `LASSO_PICTURE`): find out (`auto`), a named image
/// protocol, half blocks, or no picture.
public enum PictureChoice: String, Sendable, CaseIterable {
    case auto, kitty, iterm, sixel, blocks, none

    /// The choice `LASSO_PICTURE` makes when `--picture` is not given; nil when it is unset or empty.
    public static func fromEnvironment(_ environment: [String: String]) -> Result<PictureChoice, PictureChoiceError>? {
        guard let value = environment["LASSO_PICTURE"], !value.isEmpty else { return nil }
        guard let choice = PictureChoice(rawValue: value.lowercased()) else {
            return .failure(PictureChoiceError(value: value))
        }
        return .success(choice)
    }
}

/// `LASSO_PICTURE` set to a word that is not a choice.
public struct PictureChoiceError: Error, CustomStringConvertible, Sendable {
    public let value: String
    public var description: String {
        "LASSO_PICTURE: expected one of \(PictureChoice.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(value)\""
    }
}
