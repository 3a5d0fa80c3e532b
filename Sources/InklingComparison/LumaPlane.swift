import InklingImageIO

/// Converts a ``RasterImage`` to one luminance plane in `0 ... 1`.
enum LumaPlane {
    /// Rec. 709 luma of the encoded samples, alpha composited over white (a transparent
    /// background reads as blank paper, so a sticker's silhouette is an edge).
    static func overWhite(_ image: RasterImage) -> [Float] {
        let n = image.width * image.height
        var out = [Float](repeating: 1, count: n)
        let scale: Float = 1 / 255
        image.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                switch image.format {
                case .gray:
                    for i in 0..<n { o[i] = Float(p[i]) * scale }
                case .grayAlpha:
                    for i in 0..<n {
                        let a = Float(p[2 * i + 1]) * scale
                        o[i] = Float(p[2 * i]) * scale * a + (1 - a)
                    }
                case .rgb:
                    for i in 0..<n {
                        o[i] = luma(p[3 * i], p[3 * i + 1], p[3 * i + 2])
                    }
                case .rgba:
                    for i in 0..<n {
                        let a = Float(p[4 * i + 3]) * scale
                        o[i] = luma(p[4 * i], p[4 * i + 1], p[4 * i + 2]) * a + (1 - a)
                    }
                }
            }
        }
        return out
    }

    /// Sketch intensity of a guidance map, `0 ... 255`: gray as is; colour as luma; alpha
    /// composited over black (white-on-black maps: transparent means no suggestion).
    static func guidance(_ image: RasterImage) -> [UInt8] {
        let n = image.width * image.height
        if image.format == .gray { return image.pixels }
        var out = [UInt8](repeating: 0, count: n)
        let c = image.format.channels
        image.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<n {
                    let base = i * c
                    var v: Float = c >= 3 ? luma(p[base], p[base + 1], p[base + 2]) : Float(p[base]) / 255
                    if image.format.hasAlpha { v *= Float(p[base + c - 1]) / 255 }
                    o[i] = UInt8((v * 255).rounded())
                }
            }
        }
        return out
    }

    /// Rec. 709 weights on 8-bit samples, scaled to `0 ... 1`.
    @inline(__always)
    private static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Float {
        (0.2126 * Float(r) + 0.7152 * Float(g) + 0.0722 * Float(b)) / 255
    }
}
