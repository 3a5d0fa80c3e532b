import InklingImageIO

/// Two images of one size brought to one pixel format, so that samples line up channel for channel.
///
/// When the formats differ, both are converted to the richer one: colour if either is colour
/// (gray samples are copied into red, green and blue), with alpha if either has alpha (an image
/// without alpha counts as opaque). Samples are never rescaled.
struct ComparablePair: Sendable {
    /// The first image (the reference) in the common format.
    let reference: RasterImage
    /// The second image (the candidate) in the common format.
    let candidate: RasterImage

    /// Width of both images.
    var width: Int { reference.width }
    /// Height of both images.
    var height: Int { reference.height }
    /// The common pixel format.
    var format: PixelFormat { reference.format }

    /// Checks the sizes and converts both images to their common format.
    ///
    /// - Throws: ``ComparisonError/sizeMismatch(width:height:otherWidth:otherHeight:)``,
    ///   ``ComparisonError/emptyImage``.
    init(_ a: RasterImage, _ b: RasterImage) throws(ComparisonError) {
        guard a.width == b.width, a.height == b.height else {
            throw .sizeMismatch(width: a.width, height: a.height, otherWidth: b.width, otherHeight: b.height)
        }
        guard a.width > 0, a.height > 0 else { throw .emptyImage }
        let format = Self.commonFormat(a.format, b.format)
        reference = a.converted(to: format)
        candidate = b.converted(to: format)
    }

    /// The format both images are compared in.
    static func commonFormat(_ a: PixelFormat, _ b: PixelFormat) -> PixelFormat {
        let colour = a.channels >= 3 || b.channels >= 3
        let alpha = a.hasAlpha || b.hasAlpha
        switch (colour, alpha) {
        case (false, false): return .gray
        case (false, true): return .grayAlpha
        case (true, false): return .rgb
        case (true, true): return .rgba
        }
    }
}
