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
/// The die-cut shape with its border and rim always lies inside the image with a margin of 3% of
/// the shorter side: a sketch whose silhouette reaches further (an open stroke pulling it out,
/// lines at the edge, loosening) is shrunk and moved in, lines, regions and underpainting alike.
/// A drawing too small to cut a sticker from (a single tap) keeps the whole disc.
enum EmojiPainter {
    /// The sticker's masks, inside out: the subject, its dark outline, the white border, the rim.
    struct Masks {
        var subject: Plane
        var outline: Plane
        var border: Plane
        var rim: Plane
    }

    static func paint(_ ctx: PaintContext) throws -> Painting {
        var ctx = ctx
        var masks = try self.masks(ctx)
        for _ in 0..<3 {
            guard let placement = fitting(masks, ctx) else { break }
            ctx = ctx.placed(placement)
            masks = try self.masks(ctx)
        }
        return try paint(ctx, masks)
    }

    /// Where the sticker must go so that its rim keeps the margin, or `nil` when it does.
    static func fitting(_ masks: Masks, _ ctx: PaintContext) -> StickerPlacement? {
        let w = ctx.width, h = ctx.height
        let margin = Float(ctx.px(0.03))
        guard let rim = bounds(masks.rim, above: 0.01), let subject = bounds(masks.subject, above: 0.5) else { return nil }
        if rim.minX >= margin, rim.minY >= margin, rim.maxX <= Float(w) - margin, rim.maxY <= Float(h) - margin { return nil }
        // The outline, border and rim add about the same width whatever the subject's size.
        let grow = max(subject.minX - rim.minX, subject.minY - rim.minY, rim.maxX - subject.maxX, rim.maxY - subject.maxY, 0)
        let roomX = Float(w) - 2 * (margin + grow), roomY = Float(h) - 2 * (margin + grow)
        let scale = min(1, roomX / max(subject.maxX - subject.minX, 1), roomY / max(subject.maxY - subject.minY, 1)) * 0.97
        return StickerPlacement(scale: max(scale, 0.05), origin: ((subject.minX + subject.maxX) / 2, (subject.minY + subject.maxY) / 2),
                                target: (Float(w) / 2, Float(h) / 2))
    }

    /// The box (pixel edges) of the values above `threshold`, or `nil` when there are none.
    static func bounds(_ plane: Plane, above threshold: Float) -> (minX: Float, minY: Float, maxX: Float, maxY: Float)? {
        var minX = plane.width, minY = plane.height, maxX = -1, maxY = -1
        plane.values.withUnsafeBufferPointer { v in
            for y in 0..<plane.height {
                for x in 0..<plane.width where v[y &* plane.width &+ x] > threshold {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return (Float(minX), Float(minY), Float(maxX + 1), Float(maxY + 1))
    }

    /// The subject (the silhouette morphed with the disc) and the masks grown around it.
    static func masks(_ ctx: PaintContext) throws -> Masks {
        let w = ctx.width, h = ctx.height, n = w * h
        let m = Float(ctx.minSide)
        // Morph weight: the sticker starts following the sketch from strength 0.3 and is its
        // die-cut shape by 0.65, so the default strength (about 0.56 prompt-first) already shows it.
        let s = ctx.lines == nil ? 0 : PaintContext.smoothstep(0.3, 0.65, Float(ctx.influence.strength))
        let silhouette = ctx.lines.map { self.silhouette(ctx, $0) }
        // A drawing too small to cut a sticker from (a tap, a dot) keeps the whole disc.
        let discWeight = (silhouette?.values.max() ?? 1) < 0.5 ? 1 : min(1, 2 * (1 - s))
        // Soft disc.
        let cx0 = Float(w) / 2, cy0 = Float(h) / 2, radius = 0.4 * m, edge = 0.01 * m
        var field = Plane(width: w, height: h)
        field.values.withUnsafeMutableBufferPointer { v in
            let v = v.baseAddress!
            Bands.forEach(h) { rows in
                for y in rows {
                    for x in 0..<w {
                        let d = ((Float(x) + 0.5 - cx0) * (Float(x) + 0.5 - cx0) + (Float(y) + 0.5 - cy0) * (Float(y) + 0.5 - cy0)).squareRoot()
                        v[y &* w &+ x] = min(max(0.5 - (d - radius) / (2 * edge), 0), 1) * discWeight
                    }
                }
            }
        }
        if let silhouette {
            field.values.withUnsafeMutableBufferPointer { v in
                silhouette.values.withUnsafeBufferPointer { sil in
                    let (v, sil) = (v.baseAddress!, sil.baseAddress!)
                    Bands.forEach(n, grain: 4096) { band in
                        for i in band { v[i] += s * sil[i] }
                    }
                }
            }
        }
        try Task.checkCancellation()
        // Subject mask (anti-aliased threshold at ½), and grown masks for the outlines.
        let aa: Float = 0.06
        func threshold(_ p: Plane, _ t: Float) -> Plane {
            var out = Plane(width: w, height: h)
            p.values.withUnsafeBufferPointer { src in
                out.values.withUnsafeMutableBufferPointer { dst in
                    let (src, dst) = (src.baseAddress!, dst.baseAddress!)
                    Bands.forEach(n, grain: 4096) { band in
                        for i in band { dst[i] = PaintContext.smoothstep(t - aa, t + aa, src[i]) }
                    }
                }
            }
            return out
        }
        let subject = threshold(field, 0.5)
        let outline = threshold(subject.blurred(radius: ctx.px(0.008)), 0.22)
        let border = threshold(outline.blurred(radius: ctx.px(0.02)), 0.12)
        let rim = threshold(border.blurred(radius: ctx.px(0.004)), 0.2)
        return Masks(subject: subject, outline: outline, border: border, rim: rim)
    }

    /// Paints the sticker of `ctx` through its masks.
    static func paint(_ ctx: PaintContext, _ masks: Masks) throws -> Painting {
        let w = ctx.width, h = ctx.height, n = w * h
        let pal = ctx.palette
        let (subject, outline, border, rim) = (masks.subject, masks.outline, masks.border, masks.rim)
        let s = ctx.lines == nil ? 0 : PaintContext.smoothstep(0.3, 0.65, Float(ctx.influence.strength))
        let cx0 = Float(w) / 2, cy0 = Float(h) / 2
        var painting = Painting(width: w, height: h)
        painting.over(pal.ink, mask: rim, opacity: 0.85)
        painting.over(PaletteColor(1, 1, 1), mask: border)
        painting.over(pal.ink, mask: outline)
        try Task.checkCancellation()
        // Subject centre and size for the shading.
        // (In one pass, in order: the Float sums depend on it.)
        var sum: Float = 0, sx: Float = 0, sy: Float = 0
        subject.values.withUnsafeBufferPointer { values in
            for y in 0..<h {
                let row = values.baseAddress! + y * w, fy = Float(y)
                for x in 0..<w { let v = row[x]; sum += v; sx += v * Float(x); sy += v * fy }
            }
        }
        let cx = sum > 0 ? sx / sum : cx0, cy = sum > 0 ? sy / sum : cy0
        let r = max((sum / Float.pi).squareRoot(), 1)
        let lx = ctx.light.x * 0.5 + -0.35, ly = min(ctx.light.y * 0.5, -0.2) - 0.3
        let hx = cx + lx * r * 0.75, hy = cy + ly * r * 0.7
        let base = pal.primary
        // Base fill with glossy radial shading, then regions, highlight and lines.
        var shaded = Painting(width: w, height: h)
        let under = ctx.underpainting
        shaded.px.withUnsafeMutableBufferPointer { p in
            subject.values.withUnsafeBufferPointer { subject in
                let (p, subject) = (p.baseAddress!, subject.baseAddress!)
                Bands.forEach(h) { rows in
                    for y in rows {
                        for x in 0..<w {
                            let i = y &* w &+ x
                            let a = subject[i]
                            if a == 0 { continue }
                            let dx = (Float(x) - hx) / (r * 2), dy = (Float(y) - hy) / (r * 2)
                            let d2 = min(dx * dx + dy * dy, 1.5)
                            let k = 1.12 - 0.55 * d2
                            var c = base
                            if let under {
                                let (u, ua) = under.color(at: i)
                                c = c.mixed(with: u, ua * under.strength * 0.7)
                            }
                            c = c.shaded(min(max(k, 0.55), 1.12))
                            if k > 1 { c = c.mixed(with: PaletteColor(1, 1, 1), (k - 1) * 1.5) }
                            let j = i &* 4
                            p[j] = c.r * a; p[j &+ 1] = c.g * a; p[j &+ 2] = c.b * a; p[j &+ 3] = a
                        }
                    }
                }
            }
        }
        if ctx.lines != nil, s > 0 {
            var layer = RegionLayer(ctx, alpha: ctx.fillAlpha * s, band: ctx.px(0.03), shadow: 0.3, highlight: 0.3) { ctx.promptColor($0) ?? ctx.fillColor(Int32(Int($0) % 5 + 1)) }
            layer.bleed(radius: ctx.bleedRadius)
            layer.over(&shaded, density: subject)
        }
        // Specular highlight: a soft white ellipse tilted along the light.
        let ex = cx + lx * r * 0.55, ey = cy + ly * r * 0.62, rx = r * 0.42, ry = r * 0.2
        let angle = atan2f(ly, lx) + Float.pi / 2
        let ca = cosf(angle), sa = sinf(angle)
        var gloss = Plane(width: w, height: h)
        let y0 = max(0, Int(ey - rx)), y1 = min(h, Int(ey + rx) + 1), x0 = max(0, Int(ex - rx)), x1 = min(w, Int(ex + rx) + 1)
        gloss.values.withUnsafeMutableBufferPointer { g in
            subject.values.withUnsafeBufferPointer { subject in
                let (g, subject) = (g.baseAddress!, subject.baseAddress!)
                Bands.forEach(max(0, y1 - y0)) { rows in
                    for y in (y0 + rows.lowerBound)..<(y0 + rows.upperBound) {
                        for x in x0..<max(x0, x1) {
                            let dx = Float(x) - ex, dy = Float(y) - ey
                            let u = (dx * ca + dy * sa) / rx, v = (-dx * sa + dy * ca) / ry
                            let e = u * u + v * v
                            g[y &* w &+ x] = PaintContext.smoothstep(1, 0.35, e) * subject[y &* w &+ x]
                        }
                    }
                }
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
            inner.values.withUnsafeMutableBufferPointer { v in
                subject.values.withUnsafeBufferPointer { subject in
                    let (v, subject) = (v.baseAddress!, subject.baseAddress!)
                    Bands.forEach(n, grain: 4096) { band in
                        for i in band { v[i] *= subject[i] }
                    }
                }
            }
            shaded.over(pal.ink, mask: inner, opacity: min(1, Float(ctx.influence.detail) * 1.6))
        }
        // Shaded subject over the outlines.
        painting.px.withUnsafeMutableBufferPointer { p in
            shaded.px.withUnsafeBufferPointer { q in
                let (p, q) = (p.baseAddress!, q.baseAddress!)
                Bands.forEach(n, grain: 4096) { band in
                    for i in band {
                        let a = q[i &* 4 &+ 3]
                        if a == 0 { continue }
                        let inv = 1 - a
                        for c in 0..<4 { p[i &* 4 &+ c] = q[i &* 4 &+ c] + p[i &* 4 &+ c] * inv }
                    }
                }
            }
        }
        return painting
    }

    /// The drawing's silhouette as a soft mask: lines closed by a dilation, holes filled, then a
    /// morphological closing (grow by ~5% of the side, shrink back by ~3.5%, both as blur +
    /// threshold) so the pieces of a scene join into one die-cut sticker shape, holes filled
    /// again, and blurred so ½ marks the edge.
    static func silhouette(_ ctx: PaintContext, _ lines: Plane) -> Plane {
        var closed = lines
        ctx.regions.labels.withUnsafeBufferPointer { labels in
            let labels = labels.baseAddress!
            binarize(&closed) { i, v in v > 0.2 || labels[i] != 0 }
        }
        closed.dilate(radius: ctx.px(0.012))
        fillHoles(&closed)
        closed.blur(radius: ctx.px(0.05))
        binarize(&closed) { _, v in v > 0.12 }
        closed.blur(radius: ctx.px(0.035))
        binarize(&closed) { _, v in v > 0.88 }
        fillHoles(&closed)
        closed.blur(radius: ctx.px(0.006))
        return closed
    }

    /// Sets each value of `mask` to 1 where `inside(index, value)`, else 0 (in ``Bands``).
    static func binarize(_ mask: inout Plane, _ inside: (Int, Float) -> Bool) {
        let n = mask.values.count
        mask.values.withUnsafeMutableBufferPointer { v in
            let v = v.baseAddress!
            Bands.forEach(n, grain: 4096) { band in
                for i in band { v[i] = inside(i, v[i]) ? 1 : 0 }
            }
        }
    }

    /// Sets every pixel not reachable from the border through zeros to 1.
    static func fillHoles(_ mask: inout Plane) {
        let holes = RegionMap(lines: mask, closeRadius: 0, minimumArea: 1)
        let n = mask.values.count
        mask.values.withUnsafeMutableBufferPointer { v in
            holes.labels.withUnsafeBufferPointer { labels in
                let (v, labels) = (v.baseAddress!, labels.baseAddress!)
                Bands.forEach(n, grain: 4096) { band in
                    for i in band where labels[i] != 0 { v[i] = 1 }
                }
            }
        }
    }
}
