/// A PNG's content as Inkling uses it: an 8-bit image plus its text chunks, in file order.
public struct PNGDocument: Sendable, Hashable {
    /// The pixels.
    public var image: RasterImage
    /// Text chunks (tEXt, zTXt, iTXt when read; tEXt or iTXt when written, zTXt or compressed
    /// iTXt for text over ``PNGTextChunk/compressionThreshold`` bytes), in order.
    public var text: [PNGTextChunk]

    /// Pairs an image with its text chunks.
    public init(image: RasterImage, text: [PNGTextChunk] = []) {
        self.image = image
        self.text = text
    }

    /// The text of the first chunk named `keyword`, if any.
    public func text(for keyword: String) -> String? {
        text.first { $0.keyword == keyword }?.text
    }
}
