import InklingBase
import InklingImageIO
import InklingStrokes

/// The source image of a generation as a recipe records it.
///
/// The fingerprint and origin are always in the recipe JSON. The pixels themselves are stored,
/// losslessly as a base64 PNG, in a separate `inkling:source` chunk so that replay can use them;
/// that costs roughly 4/3 of the source's PNG size in every output (about 0.5–2 MB for a
/// 1024×1024 photo), and can be turned off, at the price of replay needing the image again.
/// Sources whose embedded form would exceed ``maximumEmbeddedBytes`` are never embedded.
public struct RecipeSource: Sendable, Hashable {
    /// The largest `inkling:source` chunk written (7,500,000 bytes), under libpng's default
    /// 8,000,000-byte limit on reading one ancillary chunk.
    static let maximumEmbeddedBytes = 7_500_000

    /// SHA-256 of the pixels, see ``fingerprint(of:)``.
    public var sha256: String
    /// Where the image came from (a file name), if known.
    public var origin: String?
    /// Size of the image in pixels.
    public var width: Int
    /// Height of the image in pixels.
    public var height: Int
    /// Sample layout of the pixels.
    public var format: PixelFormat
    /// The pixels, when embedded (or just generated); `nil` when the output did not embed them.
    public var image: RasterImage?

    /// Records `image`, keeping its pixels for embedding.
    public init(image: RasterImage, origin: String?) {
        self.sha256 = Self.fingerprint(of: image)
        self.origin = origin
        self.width = image.width
        self.height = image.height
        self.format = image.format
        self.image = image
    }

    /// Wraps fields read from a recipe; ``Recipe/init(document:)`` checks embedded pixels against them.
    public init(sha256: String, origin: String?, width: Int, height: Int, format: PixelFormat, image: RasterImage?) {
        self.sha256 = sha256
        self.origin = origin
        self.width = width
        self.height = height
        self.format = format
        self.image = image
    }

    /// SHA-256 of `"<format> <width>x<height>\n"` followed by the samples: independent of how
    /// the image was encoded on disk.
    public static func fingerprint(of image: RasterImage) -> String {
        var hash = SHA256()
        hash.update(Array("\(image.format.rawValue) \(image.width)x\(image.height)\n".utf8))
        hash.update(image.pixels)
        return hash.finalize().map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
