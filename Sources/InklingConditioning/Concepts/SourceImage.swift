import InklingImageIO

/// A picture given as a concept: what the engine may take colour and composition from.
public struct SourceImage: Sendable, Hashable {
    /// The pixels (any ``PixelFormat``).
    public var image: RasterImage
    /// Where it came from, for recipes and messages (a file name); `nil` when unknown.
    public var origin: String?

    /// Wraps decoded pixels.
    /// The PNG or JPEG file `image` was decoded from, when the caller kept it: a cluster's
    /// front end passes it on to the worker as it was sent instead of encoding the pixels again.
    public var file: [UInt8]?

    /// A source image; `file`: the PNG or JPEG bytes it was decoded from, if kept.
    public init(image: RasterImage, origin: String? = nil, file: [UInt8]? = nil) {
        self.image = image
        self.origin = origin
        self.file = file
    }
}
