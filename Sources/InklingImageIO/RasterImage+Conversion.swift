extension RasterImage {
    /// This image in another pixel format.
    ///
    /// - Gray → RGB copies the luminance into all three samples; RGB → gray takes the Rec. 601
    ///   luma `(299 R + 587 G + 114 B) / 1000`, rounded.
    /// - Adding alpha makes every pixel opaque (255).
    /// - Removing alpha: with a `background`, each pixel is composited over it (alpha is
    ///   straight, so `out = (c·a + bg·(255 − a)) / 255`, rounded; the background's own alpha is
    ///   ignored, it counts as opaque); with `background == nil` the colour samples are kept
    ///   as they are and alpha is simply dropped.
    /// - Same format with a `background`: an image with alpha is composited and stays opaque
    ///   (alpha 255); otherwise the image is returned unchanged.
    public func converted(to target: PixelFormat, background: RGBA8? = nil) -> RasterImage {
        if target == format && (background == nil || !format.hasAlpha) { return self }
        let count = width * height
        let inChannels = format.channels
        let outChannels = target.channels
        var out = [UInt8](repeating: 0, count: count * outChannels)
        let bg = background.map { [Int($0.red), Int($0.green), Int($0.blue)] }
        let bgLuma = background.map { Int($0.luma) }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<count {
                    let s = i * inChannels
                    // Read as straight RGBA.
                    var r: Int, g: Int, b: Int
                    if format == .gray || format == .grayAlpha {
                        r = Int(src[s]); g = r; b = r
                    } else {
                        r = Int(src[s]); g = Int(src[s + 1]); b = Int(src[s + 2])
                    }
                    var a = format.hasAlpha ? Int(src[s + inChannels - 1]) : 255
                    let isGrayTarget = target == .gray || target == .grayAlpha
                    if let bg, format.hasAlpha, !target.hasAlpha || target == format {
                        if isGrayTarget {
                            let y = Int(RGBA8.luma(UInt8(r), UInt8(g), UInt8(b)))  // exact for gray
                            let v = (y * a + bgLuma! * (255 - a) + 127) / 255
                            r = v; g = v; b = v
                        } else {
                            r = (r * a + bg[0] * (255 - a) + 127) / 255
                            g = (g * a + bg[1] * (255 - a) + 127) / 255
                            b = (b * a + bg[2] * (255 - a) + 127) / 255
                        }
                        a = 255
                    }
                    let d = i * outChannels
                    if isGrayTarget {
                        dst[d] = RGBA8.luma(UInt8(r), UInt8(g), UInt8(b))
                    } else {
                        dst[d] = UInt8(r); dst[d + 1] = UInt8(g); dst[d + 2] = UInt8(b)
                    }
                    if target.hasAlpha { dst[d + outChannels - 1] = UInt8(a) }
                }
            }
        }
        return RasterImage(width: width, height: height, format: target, pixels: out)
    }

    /// This image composited over an opaque `background`, without alpha (gray → gray, colour → RGB).
    public func composited(over background: RGBA8) -> RasterImage {
        let target: PixelFormat = (format == .gray || format == .grayAlpha) ? .gray : .rgb
        return converted(to: target, background: background)
    }
}
