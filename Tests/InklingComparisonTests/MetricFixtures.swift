import InklingImageIO

/// Deterministic test images for the metrics: smooth gradients with a disc, and seeded noise.
enum MetricFixtures {
    /// A `width × height` image in `format`: a diagonal gradient, a bright disc, per-channel tilt.
    static func scene(width: Int, height: Int, format: PixelFormat = .rgb) -> RasterImage {
        let channels = format.channels
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - width / 2), dy = Double(y - height / 3)
                let disc = dx * dx + dy * dy < Double(min(width, height) * min(width, height)) / 16 ? 70.0 : 0
                for c in 0..<channels {
                    let value = format.hasAlpha && c == channels - 1
                        ? 255 * Double(x) / Double(max(width - 1, 1))
                        : 30 + 120 * Double(x + y) / Double(width + height) + disc + Double(c * 15)
                    pixels[(y * width + x) * channels + c] = UInt8(max(0, min(255, value.rounded())))
                }
            }
        }
        return RasterImage(width: width, height: height, format: format, pixels: pixels)
    }

    /// `image` with seeded uniform noise of ±`amplitude` added to every sample.
    static func noisy(_ image: RasterImage, amplitude: Int, seed: UInt64 = 1) -> RasterImage {
        var state = seed
        var out = image
        for i in out.pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let r = Int((state >> 33) % UInt64(2 * amplitude + 1)) - amplitude
            out.pixels[i] = UInt8(max(0, min(255, Int(out.pixels[i]) + r)))
        }
        return out
    }
}
