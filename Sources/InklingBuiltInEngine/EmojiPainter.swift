import Foundation

/// One glossy sticker on a transparent square.
///
/// Subject: the drawing's silhouette (its lines and everything they enclose, closed and with
/// holes filled) morphed with a centred disc of radius 40% of the side: the soft masks are
/// mixed as m × silhouette + min(1, 2(1 − m)) × disc, m = smoothstep(0.3, 0.65, s), and
/// thresholded at ½ (the disc only grows until m = ½, then fades, so the outline moves monotonically), so strength 1 keeps the
/// drawing's own shape where the guidance map placed it (already centred and scaled by the fit
/// policy) and strength 0 gives the disc (no drawing). Without a drawing: the disc.
/// Layers, outside in: a thin dark rim, a white sticker border, a dark outline, the fill
/// (primary colour, enclosed regions in their colours), a radial shading towards the lower side
/// away from the light, the first concept motif drawn large (``MotifGlyph``, fading out as the
/// sketch takes over), a specular highlight ellipse near the lit top, the sketch's inner lines (at the detail
/// opacity from any strength above 0, so the sketch shows inside the disc before it reshapes it).
enum EmojiPainter {
    static func paint(_ ctx: PaintContext) throws -> Painting {
        let w = ctx.width, h = ctx.height, n = w * h
        let pal = ctx.palette
        let m = Float(ctx.minSide)
        // Morph weight: the sticker starts following the sketch from strength 0.3 and is its
        // die-cut shape by 0.65, so the default strength (about 0.56 prompt-first) already shows it.
        let s = ctx.lines == nil ? 0 : PaintContext.smoothstep(0.3, 0.65, Float(ctx.influence.strength))
        // Soft disc.
        let cx0 = Float(w) / 2, cy0 = Float(h) / 2, radius = 0.4 * m, edge = 0.01 * m
        var field = Plane(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let d = ((Float(x) + 0.5 - cx0) * (Float(x) + 0.5 - cx0) + (Float(y) + 0.5 - cy0) * (Float(y) + 0.5 - cy0)).squareRoot()
                field.values[y * w + x] = min(max(0.5 - (d - radius) / (2 * edge), 0), 1) * min(1, 2 * (1 - s))
            }
        }
        if let lines = ctx.lines {
            let silhouette = silhouette(ctx, lines)
            for i in 0..<n { field.values[i] += s * silhouette.values[i] }
        }
        try Task.checkCancellation()
        // Subject mask (anti-aliased threshold at ½), and grown masks for the outlines.
        let aa: Float = 0.06
        func threshold(_ p: Plane, _ t: Float) -> Plane {
            var out = p
            for i in 0..<n { out.values[i] = PaintContext.smoothstep(t - aa, t + aa, p.values[i]) }
            return out
        }
        let subject = threshold(field, 0.5)
        let outline = threshold(subject.blurred(radius: ctx.px(0.008)), 0.22)
        let border = threshold(outline.blurred(radius: ctx.px(0.02)), 0.12)
        let rim = threshold(border.blurred(radius: ctx.px(0.004)), 0.2)
        var painting = Painting(width: w, height: h)
        painting.over(pal.ink, mask: rim, opacity: 0.85)
        painting.over(PaletteColor(1, 1, 1), mask: border)
        painting.over(pal.ink, mask: outline)
        try Task.checkCancellation()
        // Subject centre and size for the shading.
        var sum: Float = 0, sx: Float = 0, sy: Float = 0
        for y in 0..<h { for x in 0..<w { let v = subject.values[y * w + x]; sum += v; sx += v * Float(x); sy += v * Float(y) } }
        let cx = sum > 0 ? sx / sum : cx0, cy = sum > 0 ? sy / sum : cy0
        let r = max((sum / Float.pi).squareRoot(), 1)
        let lx = ctx.light.x * 0.5 + -0.35, ly = min(ctx.light.y * 0.5, -0.2) - 0.3
        let hx = cx + lx * r * 0.75, hy = cy + ly * r * 0.7
        let base = pal.primary
        var fill = Plane(width: w, height: h)
        fill.values = subject.values
        // Base fill with glossy radial shading, then regions, highlight and lines.
        var shaded = Painting(width: w, height: h)
        shaded.px.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x
                    let a = subject.values[i]
                    if a == 0 { continue }
                    let dx = (Float(x) - hx) / (r * 2), dy = (Float(y) - hy) / (r * 2)
                    let d2 = min(dx * dx + dy * dy, 1.5)
                    let k = 1.12 - 0.55 * d2
                    var c = base
                    if let under = ctx.underpainting {
                        let (u, ua) = under.color(at: i)
                        c = c.mixed(with: u, ua * under.strength * 0.7)
                    }
                    c = c.shaded(min(max(k, 0.55), 1.12))
                    if k > 1 { c = c.mixed(with: PaletteColor(1, 1, 1), (k - 1) * 1.5) }
                    p[i * 4] = c.r * a; p[i * 4 + 1] = c.g * a; p[i * 4 + 2] = c.b * a; p[i * 4 + 3] = a
                }
            }
        }
        if ctx.lines != nil, s > 0 {
            var layer = RegionLayer(ctx, alpha: ctx.fillAlpha * s, band: ctx.px(0.03), shadow: 0.3, highlight: 0.3) { ctx.regionColor(Int32(Int($0) % 5 + 1)) }
            layer.bleed(radius: ctx.bleedRadius)
            layer.over(&shaded, density: subject)
        }
        // Specular highlight: a soft white ellipse tilted along the light.
        let ex = cx + lx * r * 0.55, ey = cy + ly * r * 0.62, rx = r * 0.42, ry = r * 0.2
        let angle = atan2f(ly, lx) + Float.pi / 2
        let ca = cosf(angle), sa = sinf(angle)
        var gloss = Plane(width: w, height: h)
        let y0 = max(0, Int(ey - rx)), y1 = min(h, Int(ey + rx) + 1), x0 = max(0, Int(ex - rx)), x1 = min(w, Int(ex + rx) + 1)
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let dx = Float(x) - ex, dy = Float(y) - ey
                let u = (dx * ca + dy * sa) / rx, v = (-dx * sa + dy * ca) / ry
                let e = u * u + v * v
                gloss.values[y * w + x] = PaintContext.smoothstep(1, 0.35, e) * subject.values[y * w + x]
            }
        }
        // The concept's motif as the sticker's face while the sketch does not shape it.
        if let motif = ctx.motifs.first, s < 0.5, let canvas = RGBACanvas(width: w, height: h) {
            MotifGlyph.draw(motif, on: canvas, x: Double(cx), y: Double(cy), r: Double(r) * 0.6, palette: pal)
            shaded.composite(canvas, opacity: max(0, 1 - 2 * s))
        }
        shaded.over(PaletteColor(1, 1, 1), mask: gloss, opacity: 0.6)
        if let lines = ctx.lines {
            var inner = lines
            for i in 0..<n { inner.values[i] *= subject.values[i] }
            shaded.over(pal.ink, mask: inner, opacity: min(1, Float(ctx.influence.detail) * 1.6))
        }
        // Shaded subject over the outlines.
        for i in 0..<n {
            let a = shaded.px[i * 4 + 3]
            if a == 0 { continue }
            let inv = 1 - a
            for c in 0..<4 { painting.px[i * 4 + c] = shaded.px[i * 4 + c] + painting.px[i * 4 + c] * inv }
        }
        return painting
    }

    /// The drawing's silhouette as a soft mask: lines closed by a dilation, holes filled, then a
    /// morphological closing (grow by ~5% of the side, shrink back by ~3.5%, both as blur +
    /// threshold) so the pieces of a scene join into one die-cut sticker shape, holes filled
    /// again, and blurred so ½ marks the edge.
    static func silhouette(_ ctx: PaintContext, _ lines: Plane) -> Plane {
        var closed = lines
        for i in closed.values.indices { closed.values[i] = closed.values[i] > 0.2 || ctx.regions.labels[i] != 0 ? 1 : 0 }
        closed.dilate(radius: ctx.px(0.012))
        fillHoles(&closed)
        closed.blur(radius: ctx.px(0.05))
        for i in closed.values.indices { closed.values[i] = closed.values[i] > 0.12 ? 1 : 0 }
        closed.blur(radius: ctx.px(0.035))
        for i in closed.values.indices { closed.values[i] = closed.values[i] > 0.88 ? 1 : 0 }
        fillHoles(&closed)
        closed.blur(radius: ctx.px(0.006))
        return closed
    }

    /// Sets every pixel not reachable from the border through zeros to 1.
    static func fillHoles(_ mask: inout Plane) {
        let holes = RegionMap(lines: mask, closeRadius: 0, minimumArea: 1)
        for i in mask.values.indices where holes.labels[i] != 0 { mask.values[i] = 1 }
    }
}
