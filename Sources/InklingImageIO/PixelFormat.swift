/// How the samples of one pixel are laid out in a ``RasterImage``: 8 bits per sample.
public enum PixelFormat: String, Sendable, Hashable, CaseIterable {
    /// One luminance sample.
    case gray
    /// Luminance, then straight (not premultiplied) alpha.
    case grayAlpha
    /// Red, green, blue.
    case rgb
    /// Red, green, blue, then straight alpha.
    case rgba

    /// Samples per pixel.
    public var channels: Int {
        switch self {
        case .gray: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// Whether the last sample of each pixel is alpha.
    public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
}
