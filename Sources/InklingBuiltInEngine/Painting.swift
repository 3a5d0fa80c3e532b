import InklingImageIO

/// The painters' working image: premultiplied `Float` RGBA, row-major, no padding. Layers are
/// composited into it with whole-image loops (in ``Bands``); ``rasterImage()`` converts to
/// straight RGBA8.
struct Painting {
    let width: Int
    let height: Int
    /// Premultiplied r, g, b, a per pixel.
    var px: FloatBuffer

    /// A transparent painting.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        px = FloatBuffer(repeating: 0, count: width * height * 4)
    }

    /// Paints `color` OVER the image with per-pixel alpha `mask × opacity`.
    mutating func over(_ color: PaletteColor, mask: Plane, opacity: Float = 1) {
        let n = width * height
        mask.values.withUnsafeBufferPointer { m in
            px.withUnsafeMutableBufferPointer { p in
                let (m, p) = (m.baseAddress!, p.baseAddress!)
                Bands.forEach(n, grain: 4096) { band in
                    for i in band {
                        let a = min(max(m[i] * opacity, 0), 1)
                        if a == 0 { continue }
                        let k = i &* 4, inv = 1 - a
                        p[k] = color.r * a + p[k] * inv
                        p[k &+ 1] = color.g * a + p[k &+ 1] * inv
                        p[k &+ 2] = color.b * a + p[k &+ 2] * inv
                        p[k &+ 3] = a + p[k &+ 3] * inv
                    }
                }
            }
        }
    }

    /// Multiplies the colour by `color` with per-pixel strength `mask × opacity` (subtractive,
    /// like a transparent pigment layer); alpha is unchanged.
    mutating func multiply(_ color: PaletteColor, mask: Plane, opacity: Float = 1) {
        let n = width * height
        mask.values.withUnsafeBufferPointer { m in
            px.withUnsafeMutableBufferPointer { p in
                let (m, p) = (m.baseAddress!, p.baseAddress!)
                Bands.forEach(n, grain: 4096) { band in
                    for i in band {
                        let a = min(max(m[i] * opacity, 0), 1)
                        if a == 0 { continue }
                        let k = i &* 4
                        p[k] *= 1 - a * (1 - color.r)
                        p[k &+ 1] *= 1 - a * (1 - color.g)
                        p[k &+ 2] *= 1 - a * (1 - color.b)
                    }
                }
            }
        }
    }

    /// Composites a cairo canvas (premultiplied ARGB32) OVER the image.
    mutating func composite(_ canvas: RGBACanvas, opacity: Float = 1) {
        let w = width, h = height
        canvas.withPixels { data, stride in
            px.withUnsafeMutableBufferPointer { p in
                let p = p.baseAddress!
                Bands.forEach(h) { rows in
                    for y in rows {
                        let row = data + y * stride
                        for x in 0..<w {
                            let q = row + x &* 4
                            let a8 = q[3]
                            if a8 == 0 { continue }
                            let a = Float(a8) * (1 / 255) * opacity
                            let k = (y &* w &+ x) &* 4, inv = 1 - a
                            p[k] = Float(q[2]) * (1 / 255) * opacity + p[k] * inv
                            p[k &+ 1] = Float(q[1]) * (1 / 255) * opacity + p[k &+ 1] * inv
                            p[k &+ 2] = Float(q[0]) * (1 / 255) * opacity + p[k &+ 2] * inv
                            p[k &+ 3] = a + p[k &+ 3] * inv
                        }
                    }
                }
            }
        }
    }

    /// Straight-alpha RGBA8 (colour divided by alpha, rounded; transparent pixels are 0,0,0,0).
    func rasterImage() -> RasterImage {
        let n = width * height
        var out = [UInt8](repeating: 0, count: n * 4)
        px.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                let (p, o) = (p.baseAddress!, o.baseAddress!)
                Bands.forEach(n, grain: 4096) { band in
                    for i in band {
                        let k = i &* 4
                        let a = min(max(p[k &+ 3], 0), 1)
                        let a8 = UInt8((a * 255).rounded())
                        if a8 == 0 { continue }
                        let inv = 1 / a
                        o[k] = UInt8(min(max(p[k] * inv, 0), 1) * 255 + 0.5)
                        o[k &+ 1] = UInt8(min(max(p[k &+ 1] * inv, 0), 1) * 255 + 0.5)
                        o[k &+ 2] = UInt8(min(max(p[k &+ 2] * inv, 0), 1) * 255 + 0.5)
                        o[k &+ 3] = a8
                    }
                }
            }
        }
        return RasterImage(width: width, height: height, format: .rgba, pixels: out)
    }
}
