/// A failure that is not a fault inside an input file: a missing file, a refused action, a conflict.
public struct LassoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, which decides the exit status.
    public enum Kind: Sendable, Equatable {
        case usage, noInput, badInput, cannotWrite, io, conflict, refused, notFound
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
