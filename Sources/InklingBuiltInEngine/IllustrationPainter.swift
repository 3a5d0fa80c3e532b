/// Ink over watercolour on warm paper.
///
/// 1. Paper: warm off-white, faint low-frequency mottling and grain.
/// 2. Background washes: a sky wash fading downwards (density 0.55 at the top, 0.85 when the
///    prompt names the sky or the night, or the drawing is sparse); regions the prompt colours
///    (``RegionColoring``) are reserved from them, left as paper by `0.85 × fill opacity` and a ground wash below a wobbly horizon,
///    multiplied in like transparent pigment, with granulation (fractal noise modulating
///    density).
/// 3. Motifs as translucent washes.
/// 4. Region washes: each enclosed region in its palette colour at 55–80% density, granulated,
///    with edge darkening: where the wash's blurred coverage falls below its coverage (the
///    border), density rises, as pigment pools at a drying edge. Bleeds past the lines for
///    strength < 1.
/// 5. A soft wash hugging the strokes (blurred lines, secondary colour).
/// 6. Ink lines with the pressure-varying width of the stroke outlines, opacity = detail,
///    slightly dry-brushed by grain; a sparse drawing's lines also as bold ink-rimmed marks in
///    the named colour (``PaintContext/isSparse``).
enum IllustrationPainter {
    static func paint(_ ctx: PaintContext) throws -> Painting {
        let w = ctx.width, h = ctx.height, n = w * h
        let pal = ctx.palette
        var painting = Painting(width: w, height: h)
        let mottle = Noise.fractal(width: w, height: h, cell: Double(ctx.minSide) / 6, octaves: 3, seed: PaintRandom.mix(ctx.seed, 201))
        let granulation = Noise.fractal(width: w, height: h, cell: Double(ctx.minSide) / 60, octaves: 3, seed: PaintRandom.mix(ctx.seed, 202))
        let paper = PaletteColor(0.985, 0.965, 0.925)
        var rng = PaintRandom(seed: PaintRandom.mix(ctx.seed, 203))
        let horizon = Float(rng.range(0.6, 0.72))
        // Paper, sky and ground washes in one pass.
        let sky = pal.background, ground = pal.ground
        let seed = ctx.seed
        // A sky the prompt names (or the night), or a sparse drawing's scene: a fuller wash.
        let skyDensity: Float = ctx.reading.sky != nil || ctx.isSparse ? 0.85 : 0.55
        let fillAlpha = ctx.fillAlpha
        let reserved = ctx.regions.labels.map { $0 != 0 && ctx.promptColor($0) != nil }
        painting.px.withUnsafeMutableBufferPointer { p in
            mottle.values.withUnsafeBufferPointer { mottle in
                granulation.values.withUnsafeBufferPointer { granulation in
                    let (p, mottle, granulation) = (p.baseAddress!, mottle.baseAddress!, granulation.baseAddress!)
                    Bands.forEach(h) { rows in
                        for y in rows {
                            let fy = Float(y) / Float(h)
                            for x in 0..<w {
                                let i = y &* w &+ x
                                let m = mottle[i], gr = granulation[i]
                                let grain = PaintRandom.hashUnit(x, y, seed) - 0.5
                                var c = PaletteColor(paper.r + m * 0.012 + grain * 0.02, paper.g + m * 0.012 + grain * 0.02,
                                                     paper.b + m * 0.01 + grain * 0.02)
                                let edgeY = horizon + m * 0.03
                                var skyD = max(0, skyDensity - fy * 0.7) * (0.9 + 0.12 * gr + 0.2 * m)
                                // Shapes the prompt colours are reserved from the sky and ground
                                // washes (left as paper), so their colour stays clean.
                                let reserve: Float = reserved[i] ? 1 - 0.85 * fillAlpha : 1
                                var groundD: Float = 0
                                if fy > edgeY {
                                    groundD = min(0.6, (fy - edgeY) * 5) * (0.88 + 0.14 * gr + 0.25 * m) * reserve
                                    if fy - edgeY < 0.006 { groundD *= 1.3 }  // pooled edge
                                    skyD *= 0.3
                                }
                                skyD *= reserve
                                c.r *= 1 - skyD * (1 - sky.r); c.g *= 1 - skyD * (1 - sky.g); c.b *= 1 - skyD * (1 - sky.b)
                                c.r *= 1 - groundD * (1 - ground.r); c.g *= 1 - groundD * (1 - ground.g); c.b *= 1 - groundD * (1 - ground.b)
                                let k = i &* 4
                                p[k] = c.r; p[k &+ 1] = c.g; p[k &+ 2] = c.b; p[k &+ 3] = 1
                            }
                        }
                    }
                }
            }
        }
        // Source image as a first wash (sourceStrength × 0.6).
        ctx.underpainting?.apply(to: &painting, factor: 0.6)
        try Task.checkCancellation()
        guard let canvas = RGBACanvas(width: w, height: h) else { throw BuiltInEngineError.drawingSurfaceUnavailable }
        var motifs = MotifPainter(width: w, height: h, palette: pal, look: .wash,
                                  busy: ctx.lines.map { AnimationPainter.busyPlane(ctx, $0) })
        motifs.draw(ctx.motifs, on: canvas, seed: PaintRandom.mix(ctx.seed, 204), amount: ctx.motifAmount)
        painting.composite(canvas)
        try Task.checkCancellation()
        guard let lines = ctx.lines else { return painting }
        // Region washes with edge darkening and granulation.
        var layer = RegionLayer(ctx, alpha: ctx.fillAlpha, band: ctx.px(0.04), shadow: 0.18, highlight: 0.25) { ctx.regionColor($0) }
        layer.bleed(radius: max(1, ctx.bleedRadius))
        let soft = layer.a.blurred(radius: ctx.px(0.008))
        var density = Plane(width: w, height: h)
        layer.a.values.withUnsafeBufferPointer { a in
            soft.values.withUnsafeBufferPointer { soft in
                granulation.values.withUnsafeBufferPointer { granulation in
                    density.values.withUnsafeMutableBufferPointer { d in
                        let (a, soft, granulation, d) = (a.baseAddress!, soft.baseAddress!, granulation.baseAddress!, d.baseAddress!)
                        Bands.forEach(n, grain: 4096) { band in
                            for i in band {
                                let edge = min(max((a[i] - soft[i]) * 3, 0), 1)
                                d[i] = (0.55 + 0.25 * granulation[i] + 0.45 * edge)
                            }
                        }
                    }
                }
            }
        }
        layer.multiply(&painting, density: density)
        try Task.checkCancellation()
        // Soft wash around the strokes.
        let halo = lines.blurred(radius: ctx.px(0.012), passes: 3)
        painting.multiply(pal.secondary.mixed(with: PaletteColor(1, 1, 1), 0.3), mask: halo, opacity: Float(ctx.influence.detail) * 0.5)
        // Ink lines, dry-brushed.
        var ink = lines
        ink.values.withUnsafeMutableBufferPointer { v in
            let v = v.baseAddress!
            Bands.forEach(h) { rows in
                for y in rows {
                    for x in 0..<w {
                        let g = PaintRandom.hashUnit(x, y, seed ^ 0x5EED)
                        v[y &* w &+ x] *= 0.82 + 0.18 * g
                    }
                }
            }
        }
        painting.over(pal.ink, mask: ink, opacity: Float(ctx.influence.detail))
        if ctx.isSparse {
            // A dot or a few open lines: a bold stroke of the named colour, ink-rimmed.
            let marks = LineLayer.marks(lines, ctx)
            painting.over(pal.ink, mask: marks.edge, opacity: Float(ctx.influence.detail) * 0.9)
            painting.over(ctx.markColor, mask: marks.body, opacity: Float(ctx.influence.detail))
        }
        return painting
    }
}
