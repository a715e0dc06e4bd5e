import LassoSnapshot

/// A file (or folder) of the configs folder that could not be read as a document of its kind, and what is wrong
/// with it.
public struct FolderProblem: Sendable, Equatable {
    public var file: String
    public var message: String
    /// What kind of failure it is, for the exit status of a command that stops at it.
    public var kind: LassoError.Kind

    @inlinable public init(file: String, message: String, kind: LassoError.Kind = .badInput) {
        self.file = file
        self.message = message
        self.kind = kind
    }

    /// The problem as the error a command that reads the folder strictly stops with.
    @inlinable public var error: LassoError {
        LassoError(kind, file + (message.first?.isNumber == true ? ":" : ": ") + message)
    }
}
