/// Graphite on paper.
///
/// 1. Paper: a faintly tinted off-white with fibre (horizontally stretched fractal noise) and
///    grain; the fibre also acts as the paper's tooth that graphite catches on.
/// 2. Tone: a light ground shading below a horizon (always), a shadow tone hugging the strokes,
///    and a tone per enclosed region (darker in its shadow band, as in cel shading), all scaled
///    by the sketch's influence.
/// 3. Hatching (``HatchField``): short parallel lines along the local stroke direction, denser
///    and with cross-hatching where the tone is darker.
/// 4. Graphite strokes: the sketch's lines with grainy texture, opacity = detail.
/// 5. Motifs as light pencil outlines. Monochrome with a faint tint from the palette's ink.
enum SketchPainter {
    static func paint(_ ctx: PaintContext) throws -> Painting {
        let w = ctx.width, h = ctx.height, n = w * h
        let pal = ctx.palette
        let fibre = Noise.fractal(width: w, height: h, cell: Double(ctx.minSide) / 40, octaves: 3,
                                  seed: PaintRandom.mix(ctx.seed, 301), stretchX: 6)
        var rng = PaintRandom(seed: PaintRandom.mix(ctx.seed, 302))
        let horizon = Float(rng.range(0.64, 0.74))
        // Tone.
        var tone = Plane(width: w, height: h)
        tone.values.withUnsafeMutableBufferPointer { v in
            for y in 0..<h where Float(y) / Float(h) > horizon {
                let t = min(0.14, (Float(y) / Float(h) - horizon) * 1.2)
                for x in 0..<w { v[y * w + x] = t }
            }
        }
        if let lines = ctx.lines {
            let detail = Float(ctx.influence.detail)
            let near = lines.blurred(radius: ctx.px(0.012), passes: 2)
            var layer = RegionLayer(ctx, alpha: ctx.fillAlpha, band: ctx.px(0.035), shadow: 0.55, highlight: 0.6) { label in
                let t: Float = [0.22, 0.36, 0.14, 0.44, 0.28][(Int(label) - 1 + ctx.variation) % 5]
                return PaletteColor(1 - t, 1 - t, 1 - t)
            }
            layer.bleed(radius: ctx.bleedRadius)
            layer.a.values.withUnsafeBufferPointer { a in
                layer.r.values.withUnsafeBufferPointer { r in
                    near.values.withUnsafeBufferPointer { near in
                        tone.values.withUnsafeMutableBufferPointer { tone in
                            let (a, r, near, tone) = (a.baseAddress!, r.baseAddress!, near.baseAddress!, tone.baseAddress!)
                            Bands.forEach(n, grain: 4096) { band in
                                for i in band {
                                    let regionTone = a[i] > 1e-4 ? (1 - r[i] / a[i]) * a[i] : 0
                                    tone[i] = max(tone[i], regionTone, min(near[i] * 1.6, 0.55) * detail)
                                }
                            }
                        }
                    }
                }
            }
        }
        // Source image as hatching tone (its darkness × sourceStrength × 0.5).
        if let under = ctx.underpainting {
            tone.values.withUnsafeMutableBufferPointer { tone in
                let tone = tone.baseAddress!
                Bands.forEach(n, grain: 4096) { band in
                    for i in band { tone[i] = max(tone[i], under.darkness(at: i) * 0.5) }
                }
            }
        }
        try Task.checkCancellation()
        let hatch = HatchField(width: w, height: h, lines: ctx.lines, cell: ctx.px(0.045), seed: PaintRandom.mix(ctx.seed, 303))
        let period = Float(max(4, ctx.px(0.0085)))
        let paper = PaletteColor(0.965, 0.955, 0.93).mixed(with: pal.background, 0.06)
        let graphite = PaletteColor(0.2, 0.2, 0.22).mixed(with: pal.ink, 0.25)
        let detail = Float(ctx.influence.detail)
        var painting = Painting(width: w, height: h)
        let seed = ctx.seed
        let lines = ctx.lines
        painting.px.withUnsafeMutableBufferPointer { p in
            fibre.values.withUnsafeBufferPointer { fibre in
                tone.values.withUnsafeBufferPointer { tone in
                    let (p, fibre, tone) = (p.baseAddress!, fibre.baseAddress!, tone.baseAddress!)
                    Bands.forEach(h) { rows in
                        for y in rows {
                            for x in 0..<w {
                                let i = y &* w &+ x
                                let f = fibre[i]
                                let grain = PaintRandom.hashUnit(x, y, seed)
                                let tooth = 0.6 + 0.25 * f + 0.3 * grain
                                var dark = hatch.darkness(x, y, tone: tone[i], period: period) * 0.75
                                if let lines {
                                    dark = max(dark, lines.values[i] * detail * (0.8 + 0.2 * grain))
                                }
                                dark = min(dark * tooth, 1)
                                let shade = 1 + f * 0.02 + (grain - 0.5) * 0.03
                                let k = i &* 4
                                p[k] = (paper.r * shade) * (1 - dark) + graphite.r * dark
                                p[k &+ 1] = (paper.g * shade) * (1 - dark) + graphite.g * dark
                                p[k &+ 2] = (paper.b * shade) * (1 - dark) + graphite.b * dark
                                p[k &+ 3] = 1
                            }
                        }
                    }
                }
            }
        }
        try Task.checkCancellation()
        guard let canvas = RGBACanvas(width: w, height: h) else { throw BuiltInEngineError.drawingSurfaceUnavailable }
        var motifs = MotifPainter(width: w, height: h, palette: pal, look: .pencil,
                                  busy: ctx.lines.map { AnimationPainter.busyPlane(ctx, $0) })
        motifs.draw(ctx.motifs, on: canvas, seed: PaintRandom.mix(ctx.seed, 304), amount: ctx.motifAmount)
        painting.composite(canvas)
        return painting
    }
}
