import InklingImageIO

/// How the fake engines "generate": a real PNG computed from what they were sent, so tests can
/// check that the guidance map, the seed and the source image travelled intact.
///
/// Pixel (x, y): red = the guidance map's value there (0 without one), green = the low byte of
/// the seed, blue = the source image's luma there (0 without one).
public enum FakePainter {
    /// Paints a `width × height` RGB image.
    public static func paint(width: Int, height: Int, seed: UInt64, guidance: RasterImage?, source: RasterImage?) -> RasterImage {
        let guide = guidance.map { $0.converted(to: .gray).resampled(width: width, height: height) }
        let src = source.map { $0.converted(to: .gray, background: .white).resampled(width: width, height: height) }
        var image = RasterImage(width: width, height: height, format: .rgb)
        let green = UInt8(truncatingIfNeeded: seed)
        for i in 0..<(width * height) {
            image.pixels[3 * i] = guide?.pixels[i] ?? 0
            image.pixels[3 * i + 1] = green
            image.pixels[3 * i + 2] = src?.pixels[i] ?? 0
        }
        return image
    }

    /// ``paint(width:height:seed:guidance:source:)`` as PNG bytes.
    public static func png(width: Int, height: Int, seed: UInt64, guidance: RasterImage?, source: RasterImage?) -> [UInt8] {
        (try? PNGCodec.encode(PNGDocument(image: paint(width: width, height: height, seed: seed, guidance: guidance, source: source)))) ?? []
    }

    /// Decodes an uploaded PNG, or `nil`.
    public static func decode(_ bytes: [UInt8]) -> RasterImage? { try? PNGCodec.decode(bytes).image }
}
