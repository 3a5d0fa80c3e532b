/// An 8-bit raster image in memory: rows top to bottom, pixels left to right, no padding.
public struct RasterImage: Sendable, Hashable {
    /// Pixels per row.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// Sample layout of each pixel.
    public let format: PixelFormat
    /// `width × height × format.channels` samples.
    public var pixels: [UInt8]

    /// Wraps existing samples.
    ///
    /// - Precondition: `pixels.count == width * height * format.channels`, sizes ≥ 0.
    public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size")
        precondition(pixels.count == width * height * format.channels, "pixel count does not match size")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// An image with every sample set to `value`.
    public init(width: Int, height: Int, format: PixelFormat, filledWith value: UInt8 = 0) {
        self.init(width: width, height: height, format: format,
                  pixels: [UInt8](repeating: value, count: width * height * format.channels))
    }

    /// Bytes per row.
    var rowBytes: Int { width * format.channels }

    /// The samples of pixel `(x, y)`.
    public subscript(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = (y * width + x) * format.channels
        return pixels[start..<start + format.channels]
    }
}
