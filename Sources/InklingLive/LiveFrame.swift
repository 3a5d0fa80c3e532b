/// One image a renderer made for a revision: encoded bytes (JPEG by default) and their size.
public struct LiveFrame: Sendable, Hashable {
    /// The revision the image answers.
    public var revision: Int
    /// The encoded image.
    public var bytes: [UInt8]
    /// The bytes' media type (`image/jpeg`).
    public var mime: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A frame.
    public init(revision: Int, bytes: [UInt8], mime: String = "image/jpeg", width: Int, height: Int) {
        self.revision = revision
        self.bytes = bytes
        self.mime = mime
        self.width = width
        self.height = height
    }
}
