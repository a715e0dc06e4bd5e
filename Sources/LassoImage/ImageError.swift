/// Why an image could not be read, in words that finish "expected a PNG or JPEG image, found …".
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
