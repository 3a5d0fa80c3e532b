extension RasterImage {
    /// This image placed on a new `width × height` canvas filled with `background`, through
    /// `transform` (source pixel coordinates → canvas pixel coordinates, see ``PixelTransform``).
    ///
    /// Each canvas pixel centre is mapped back into the source and sampled bilinearly (in
    /// premultiplied alpha, clamped at the source's edges); canvas pixels whose centre falls
    /// outside the source rectangle show the background, and the source is composited over it
    /// with straight alpha ("source over"). When the transform shrinks the image, the source is
    /// first reduced with area averaging (``resampled(width:height:)``) to about the drawn size,
    /// so large reductions do not alias. Deterministic.
    ///
    /// The result is ``PixelFormat/rgba`` when the background is not opaque, ``PixelFormat/rgb``
    /// otherwise. A transform that cannot be inverted draws nothing (background only).
    ///
    /// - Precondition: `width ≥ 0`, `height ≥ 0`.
    public func drawn(into width: Int, height: Int, transform: PixelTransform,
                      background: RGBA8 = .clear) -> RasterImage {
        precondition(width >= 0 && height >= 0, "negative canvas size")
        let opaque = background.alpha == 255
        let outFormat: PixelFormat = opaque ? .rgb : .rgba
        let outChannels = outFormat.channels
        let bg: [Float] = [background.red, background.green, background.blue].map {
            Float($0) * Float(background.alpha) / 255
        } + [Float(background.alpha)]
        var out = [UInt8](repeating: 0, count: width * height * outChannels)
        let fill = Self.unpremultiplied(bg, channels: 4, alpha: 3)
        for p in 0..<(width * height) {
            for ch in 0..<outChannels { out[p * outChannels + ch] = fill[ch] }
        }
        guard self.width > 0, self.height > 0, width > 0, height > 0 else {
            return RasterImage(width: width, height: height, format: outFormat, pixels: out)
        }
        // Pre-shrink: the source's sides as they will appear on the canvas.
        var source = self.converted(to: .rgba)
        var placement = transform
        let drawnWidth = Int((Double(self.width) * (transform.a * transform.a + transform.b * transform.b).squareRoot()).rounded())
        let drawnHeight = Int((Double(self.height) * (transform.c * transform.c + transform.d * transform.d).squareRoot()).rounded())
        if drawnWidth >= 1, drawnHeight >= 1, drawnWidth < self.width || drawnHeight < self.height {
            let w = min(self.width, drawnWidth), h = min(self.height, drawnHeight)
            source = source.resampled(width: w, height: h)
            placement = transform.concatenating(after: PixelTransform(
                scaleX: Double(self.width) / Double(w), scaleY: Double(self.height) / Double(h)))
        }
        guard let inverse = placement.inverted else {
            return RasterImage(width: width, height: height, format: outFormat, pixels: out)
        }
        let sw = source.width, sh = source.height
        var premultiplied = [Float](repeating: 0, count: sw * sh * 4)
        for p in 0..<(sw * sh) {
            let a = Float(source.pixels[p * 4 + 3])
            for ch in 0..<3 { premultiplied[p * 4 + ch] = Float(source.pixels[p * 4 + ch]) * a / 255 }
            premultiplied[p * 4 + 3] = a
        }
        premultiplied.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let point = inverse.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        guard point.x >= 0, point.y >= 0, point.x < Double(sw), point.y < Double(sh) else { continue }
                        let fx = min(max(point.x - 0.5, 0), Double(sw - 1))
                        let fy = min(max(point.y - 0.5, 0), Double(sh - 1))
                        let x0 = Int(fx), y0 = Int(fy)
                        let x1 = min(x0 + 1, sw - 1), y1 = min(y0 + 1, sh - 1)
                        let wx = Float(fx - Double(x0)), wy = Float(fy - Double(y0))
                        let i00 = (y0 * sw + x0) * 4, i01 = (y0 * sw + x1) * 4
                        let i10 = (y1 * sw + x0) * 4, i11 = (y1 * sw + x1) * 4
                        // Bilinear sample, premultiplied: alpha first, then source over background.
                        let alpha = Self.lerp2(src[i00 + 3], src[i01 + 3], src[i10 + 3], src[i11 + 3], wx, wy)
                        let coverage = 1 - alpha / 255
                        let outAlpha = alpha + bg[3] * coverage
                        let target = (y * width + x) * outChannels
                        for ch in 0..<3 {
                            let value = Self.lerp2(src[i00 + ch], src[i01 + ch], src[i10 + ch], src[i11 + ch], wx, wy)
                                + bg[ch] * coverage
                            let straight = outAlpha > 0 ? value * 255 / outAlpha : 0
                            dst[target + ch] = UInt8(min(max(straight.rounded(), 0), 255))
                        }
                        if outChannels == 4 { dst[target + 3] = UInt8(min(max(outAlpha.rounded(), 0), 255)) }
                    }
                }
            }
        }
        return RasterImage(width: width, height: height, format: outFormat, pixels: out)
    }

    /// Bilinear interpolation of four corner values.
    @inline(__always)
    private static func lerp2(_ v00: Float, _ v01: Float, _ v10: Float, _ v11: Float,
                              _ wx: Float, _ wy: Float) -> Float {
        let top = v00 + (v01 - v00) * wx
        let bottom = v10 + (v11 - v10) * wx
        return top + (bottom - top) * wy
    }
}
