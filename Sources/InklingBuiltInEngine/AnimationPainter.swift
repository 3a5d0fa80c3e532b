import Foundation

/// Cel-shaded cartoon: a sky-to-ground gradient with a gently rolling horizon, flat motifs with
/// ink outlines, the enclosed regions filled flat in palette colours with three-tone cel shading
/// (base, shadow band away from the light, highlight band towards it), and bold dark outlines.
///
/// A sparse drawing (``PaintContext/isSparse``) gets bold marks in the named colour over its lines.
///
/// Strength: outline opacity = detail; fills appear from detail 0.1 and are fully opaque from
/// 0.55; below strength 1 the fill layer bleeds (blurs) past the loosened lines.
enum AnimationPainter {
    static func paint(_ ctx: PaintContext) throws -> Painting {
        let w = ctx.width, h = ctx.height
        var painting = Painting(width: w, height: h)
        let pal = ctx.palette
        var rng = PaintRandom(seed: PaintRandom.mix(ctx.seed, 101))
        // Background: sky gradient above a rolling horizon, ground below.
        let skyTop = pal.background.mixed(with: pal.ink, 0.12), skyLow = pal.background.mixed(with: PaletteColor(1, 1, 1), 0.35)
        let groundTop = pal.ground.shaded(1.12), groundLow = pal.ground.shaded(0.8)
        let horizon = Float(rng.range(0.6, 0.7)), amp = Float(rng.range(0.015, 0.035)), freq = Float(rng.range(1.5, 3.0))
        let phase = Float(rng.range(0, 6.28))
        // The horizon's height per column, then the rows in bands.
        let horizonY = (0..<w).map { x in
            let fx = Float(x) / Float(w)
            return (horizon + amp * sinf(fx * freq * 6.283 + phase)) * Float(h)
        }
        painting.px.withUnsafeMutableBufferPointer { p in
            let p = p.baseAddress!
            horizonY.withUnsafeBufferPointer { horizonY in
                Bands.forEach(h) { rows in
                    for y in rows {
                        let fy = Float(y)
                        for x in 0..<w {
                            let hy = horizonY[x]
                            let c: PaletteColor
                            if fy < hy {
                                c = skyTop.mixed(with: skyLow, fy / hy)
                            } else {
                                let t = (fy - hy) / max(Float(h) - hy, 1)
                                let edge = min(max(hy + 1.5 - fy, 0), 1)  // anti-aliased horizon
                                c = groundTop.mixed(with: groundLow, t).mixed(with: skyLow, edge)
                            }
                            let i = (y &* w &+ x) &* 4
                            p[i] = c.r; p[i &+ 1] = c.g; p[i &+ 2] = c.b; p[i &+ 3] = 1
                        }
                    }
                }
            }
        }
        // Source image underneath (sourceStrength × 0.7).
        ctx.underpainting?.apply(to: &painting, factor: 0.7)
        try Task.checkCancellation()
        // Motifs.
        guard let canvas = RGBACanvas(width: w, height: h) else { throw BuiltInEngineError.drawingSurfaceUnavailable }
        var motifs = MotifPainter(width: w, height: h, palette: pal, look: .flat, busy: ctx.lines.map { busyPlane(ctx, $0) })
        motifs.draw(ctx.motifs, on: canvas, seed: PaintRandom.mix(ctx.seed, 102), amount: ctx.motifAmount)
        painting.composite(canvas)
        try Task.checkCancellation()
        guard let lines = ctx.lines else { return painting }
        // Cel-shaded fills.
        var layer = RegionLayer(ctx, alpha: ctx.fillAlpha, band: ctx.px(0.03), shadow: 0.32, highlight: 0.3) { ctx.regionColor($0) }
        layer.bleed(radius: ctx.bleedRadius)
        layer.over(&painting)
        try Task.checkCancellation()
        // Bold outlines: dilated lines at the detail opacity.
        var ink = lines
        ink.dilate(radius: max(1, ctx.px(0.0015)))
        painting.over(pal.ink, mask: ink, opacity: Float(min(1, ctx.influence.detail * 1.15)))
        if ctx.isSparse {
            // A dot or a few open lines: bold marks in the named colour, with an ink rim.
            let marks = LineLayer.marks(lines, ctx)
            painting.over(pal.ink, mask: marks.edge, opacity: Float(min(1, ctx.influence.detail * 1.15)))
            painting.over(ctx.markColor, mask: marks.body, opacity: Float(min(1, ctx.influence.detail * 1.15)))
        }
        return painting
    }

    /// What the sketch occupies, for motif placement: lines plus enclosed regions.
    static func busyPlane(_ ctx: PaintContext, _ lines: Plane) -> Plane {
        var busy = lines
        let n = busy.values.count
        busy.values.withUnsafeMutableBufferPointer { v in
            ctx.regions.labels.withUnsafeBufferPointer { labels in
                let (v, labels) = (v.baseAddress!, labels.baseAddress!)
                Bands.forEach(n, grain: 4096) { band in
                    for i in band where labels[i] != 0 { v[i] = max(v[i], 0.6) }
                }
            }
        }
        return busy
    }
}
