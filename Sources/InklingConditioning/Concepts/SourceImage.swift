import InklingImageIO

/// A picture given as a concept: what the engine may take colour and composition from.
public struct SourceImage: Sendable, Hashable {
    /// The pixels (any ``PixelFormat``).
    public var image: RasterImage
    /// Where it came from, for recipes and messages (a file name); `nil` when unknown.
    public var origin: String?

    /// Wraps decoded pixels.
    public init(image: RasterImage, origin: String? = nil) {
        self.image = image
        self.origin = origin
    }
}
