import LassoSnapshot

/// A picture decoded at a reduced size for drawing in a terminal, with the pixel size of the file it came from.
public struct ReducedImage: Sendable, Equatable {
    /// The decoded pixels: the file's picture shrunk by averaging, never by skipping pixels.
    public let image: RGBImage
    /// The file's own pixel size, which is what must agree with the snapshot's screen.
    public let fileWidth: Int
    public let fileHeight: Int

    public init(image: RGBImage, fileWidth: Int, fileHeight: Int) {
        self.image = image
        self.fileWidth = fileWidth
        self.fileHeight = fileHeight
    }
}
