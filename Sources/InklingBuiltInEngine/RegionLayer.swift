/// The enclosed regions painted as one premultiplied colour layer (four planes), with optional
/// cel shading, that can bleed (blur) and be composited OVER or multiplied into a painting.
///
/// Cel shading: for a pixel of region L, look `band` pixels away from the light; if that pixel
/// is not in L, the pixel lies in the shadow band along the far side. Look `band / 2` pixels
/// towards the light; if that leaves L, it is in the highlight band. Three tones: base, shadow,
/// highlight. Cheap (two lookups per pixel) and exact to the region's shape.
struct RegionLayer {
    var r: Plane, g: Plane, b: Plane, a: Plane

    init(_ ctx: PaintContext, alpha: Float, band: Int, shadow: Float, highlight: Float,
         color: (Int32) -> PaletteColor) {
        let w = ctx.width, h = ctx.height
        r = Plane(width: w, height: h); g = r; b = r; a = r
        guard !ctx.regions.regions.isEmpty, alpha > 0 else { return }
        let colors = [PaletteColor(0, 0, 0)] + (1...ctx.regions.regions.count).map { color(Int32($0)) }
        let sx = Int((-ctx.light.x * Float(band)).rounded()), sy = Int((-ctx.light.y * Float(band)).rounded())
        let hx = Int((ctx.light.x * Float(band) * 0.5).rounded()), hy = Int((ctx.light.y * Float(band) * 0.5).rounded())
        let shadeTint = ctx.palette.ink
        ctx.regions.labels.withUnsafeBufferPointer { lb in
            r.values.withUnsafeMutableBufferPointer { rr in
            g.values.withUnsafeMutableBufferPointer { gg in
            b.values.withUnsafeMutableBufferPointer { bb in
            a.values.withUnsafeMutableBufferPointer { aa in
                let (lb, rr, gg, bb, aa) = (lb.baseAddress!, rr.baseAddress!, gg.baseAddress!, bb.baseAddress!, aa.baseAddress!)
                colors.withUnsafeBufferPointer { colors in
                    Bands.forEach(h) { rows in
                        for y in rows {
                            for x in 0..<w {
                                let i = y &* w &+ x
                                let label = lb[i]
                                if label == 0 { continue }
                                var c = colors[Int(label)]
                                if band > 0 {
                                    let qx = min(max(x &+ sx, 0), w &- 1), qy = min(max(y &+ sy, 0), h &- 1)
                                    let ux = min(max(x &+ hx, 0), w &- 1), uy = min(max(y &+ hy, 0), h &- 1)
                                    if lb[qy &* w &+ qx] != label {
                                        c = c.mixed(with: shadeTint, shadow)
                                    } else if lb[uy &* w &+ ux] != label {
                                        c = c.mixed(with: PaletteColor(1, 1, 1), highlight)
                                    }
                                }
                                rr[i] = c.r * alpha; gg[i] = c.g * alpha; bb[i] = c.b * alpha; aa[i] = alpha
                            }
                        }
                    }
                }
            }
            }
            }
            }
        }
    }

    /// Blurs all four planes so fills bleed past their lines.
    mutating func bleed(radius: Int) {
        guard radius > 0 else { return }
        r.blur(radius: radius); g.blur(radius: radius); b.blur(radius: radius); a.blur(radius: radius)
    }

    /// Composites the layer OVER `painting`, with `density` (optional) multiplying its alpha.
    func over(_ painting: inout Painting, density: Plane? = nil) {
        let n = painting.width * painting.height
        withPlanes(density) { r, g, b, a, d in
            painting.px.withUnsafeMutableBufferPointer { p in
                let p = p.baseAddress!
                Bands.forEach(n, grain: 4096) { band in
                    for i in band {
                        var k = d?[i] ?? 1
                        let al = a[i] * k
                        if al <= 0 { continue }
                        k = min(k, 1 / max(a[i], 1e-6))
                        let j = i &* 4, inv = 1 - min(al, 1)
                        p[j] = r[i] * k + p[j] * inv
                        p[j &+ 1] = g[i] * k + p[j &+ 1] * inv
                        p[j &+ 2] = b[i] * k + p[j &+ 2] * inv
                        p[j &+ 3] = min(al, 1) + p[j &+ 3] * inv
                    }
                }
            }
        }
    }

    /// Multiplies the layer's colour into `painting` (transparent pigment), strength = alpha ×
    /// `density`.
    func multiply(_ painting: inout Painting, density: Plane? = nil) {
        let n = painting.width * painting.height
        withPlanes(density) { r, g, b, a, d in
            painting.px.withUnsafeMutableBufferPointer { p in
                let p = p.baseAddress!
                Bands.forEach(n, grain: 4096) { band in
                    for i in band {
                        let al = a[i]
                        if al <= 1e-4 { continue }
                        let s = min(al * (d?[i] ?? 1), 1)
                        let inv = 1 / al
                        let j = i &* 4
                        p[j] *= 1 - s * (1 - r[i] * inv)
                        p[j &+ 1] *= 1 - s * (1 - g[i] * inv)
                        p[j &+ 2] *= 1 - s * (1 - b[i] * inv)
                    }
                }
            }
        }
    }

    /// Calls `body` with the four planes' values and `density`'s, if any.
    private func withPlanes(_ density: Plane?, _ body: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>,
                                                        UnsafePointer<Float>, UnsafePointer<Float>?) -> Void) {
        r.values.withUnsafeBufferPointer { r in
        g.values.withUnsafeBufferPointer { g in
        b.values.withUnsafeBufferPointer { b in
        a.values.withUnsafeBufferPointer { a in
            if let density {
                density.values.withUnsafeBufferPointer { d in body(r.baseAddress!, g.baseAddress!, b.baseAddress!, a.baseAddress!, d.baseAddress!) }
            } else {
                body(r.baseAddress!, g.baseAddress!, b.baseAddress!, a.baseAddress!, nil)
            }
        }
        }
        }
        }
    }
}
