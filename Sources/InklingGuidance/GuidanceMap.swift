import InklingImageIO
import InklingStrokes

/// A rendered guidance map: an 8-bit gray image plus how drawing space maps onto it.
public struct GuidanceMap: Sendable, Hashable {
    /// The map itself, ``PixelFormat/gray``, white-on-black unless ``polarity`` says otherwise.
    public var image: RasterImage
    /// The encoding the image was rendered with.
    public var encoding: GuidanceEncoding
    /// Which way round the intensities are.
    public var polarity: GuidancePolarity
    /// The fit transform from drawing space to pixel coordinates (see ``FitPolicy``); apply it
    /// to a source image's frame to keep it registered with the map.
    public var drawingToPixels: AffineTransform2D

    /// Creates a map from its parts.
    public init(image: RasterImage, encoding: GuidanceEncoding, polarity: GuidancePolarity = .whiteOnBlack, drawingToPixels: AffineTransform2D) {
        self.image = image
        self.encoding = encoding
        self.polarity = polarity
        self.drawingToPixels = drawingToPixels
    }
}
