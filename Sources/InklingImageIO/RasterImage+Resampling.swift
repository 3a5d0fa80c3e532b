extension RasterImage {
    /// This image resized to `width × height`, deterministically.
    ///
    /// Each axis is handled on its own: shrinking averages the source area each destination
    /// pixel covers (a box filter with fractional coverage, so a 2×2 checker becomes its mean);
    /// enlarging interpolates bilinearly between pixel centres, clamping at the edges. Images
    /// with alpha are filtered premultiplied, so transparent pixels do not bleed their colour.
    /// Same size returns the image unchanged.
    ///
    /// - Precondition: `width ≥ 1`, `height ≥ 1`, and this image is not empty.
    public func resampled(width newWidth: Int, height newHeight: Int) -> RasterImage {
        precondition(newWidth >= 1 && newHeight >= 1, "resampled size must be at least 1×1")
        precondition(width >= 1 && height >= 1, "cannot resample an empty image")
        if newWidth == width && newHeight == height { return self }
        let channels = format.channels
        let alpha = format.hasAlpha ? channels - 1 : -1
        // Premultiplied floats.
        var plane = [Float](repeating: 0, count: pixels.count)
        for p in 0..<(width * height) {
            let base = p * channels
            let a: Float = alpha >= 0 ? Float(pixels[base + alpha]) / 255 : 1
            for c in 0..<channels {
                plane[base + c] = c == alpha ? Float(pixels[base + c]) : Float(pixels[base + c]) * a
            }
        }
        // Horizontal pass: height × newWidth.
        let horizontal = ResamplingKernel(source: width, destination: newWidth)
        var wide = [Float](repeating: 0, count: height * newWidth * channels)
        for y in 0..<height {
            for x in 0..<newWidth {
                let out = (y * newWidth + x) * channels
                let start = horizontal.starts[x]
                for (k, weight) in horizontal.weights[x].enumerated() {
                    let source = (y * width + start + k) * channels
                    for c in 0..<channels { wide[out + c] += plane[source + c] * weight }
                }
            }
        }
        // Vertical pass: newHeight × newWidth.
        let vertical = ResamplingKernel(source: height, destination: newHeight)
        var result = [Float](repeating: 0, count: newHeight * newWidth * channels)
        let rowLength = newWidth * channels
        for y in 0..<newHeight {
            let out = y * rowLength
            let start = vertical.starts[y]
            for (k, weight) in vertical.weights[y].enumerated() {
                let source = (start + k) * rowLength
                for i in 0..<rowLength { result[out + i] += wide[source + i] * weight }
            }
        }
        return RasterImage(width: newWidth, height: newHeight, format: format,
                           pixels: Self.unpremultiplied(result, channels: channels, alpha: alpha))
    }

    /// Rounds premultiplied float samples back to straight 8-bit samples.
    static func unpremultiplied(_ samples: [Float], channels: Int, alpha: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: samples.count)
        let count = samples.count / channels
        for p in 0..<count {
            let base = p * channels
            let a = alpha >= 0 ? samples[base + alpha] : 255
            for c in 0..<channels {
                let value: Float
                if c == alpha {
                    value = a
                } else if alpha < 0 {
                    value = samples[base + c]
                } else {
                    value = a > 0 ? samples[base + c] * 255 / a : 0
                }
                out[base + c] = UInt8(min(max(value.rounded(), 0), 255))
            }
        }
        return out
    }
}
