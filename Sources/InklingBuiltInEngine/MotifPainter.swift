import CCairo
import Foundation

/// Draws concept motifs onto an ``RGBACanvas`` where the composition has room.
///
/// Free space: the image is divided into a 12×12 grid whose cells count the sketch's line and
/// fill coverage; each motif tries a handful of seeded candidate positions in its preferred band
/// (sun, moon, clouds high; waves low; scattered motifs anywhere) and takes the emptiest.
/// Scattered motifs (petals, confetti, snowflakes, leaves, stars) number 6–14, more when the
/// sketch's influence is lower. Looks: flat with ink outlines (animation), translucent washes
/// (illustration), pencil outlines (sketch).
struct MotifPainter {
    enum Look { case flat, wash, pencil }

    let width: Int
    let height: Int
    let palette: Palette
    let look: Look
    private var grid: [Float]
    private let cells = 12

    /// `busy`: coverage of what the sketch already occupies (nil: nothing).
    init(width: Int, height: Int, palette: Palette, look: Look, busy: Plane?) {
        self.width = width
        self.height = height
        self.palette = palette
        self.look = look
        grid = [Float](repeating: 0, count: cells * cells)
        if let busy {
            for y in Swift.stride(from: 0, to: height, by: 2) {
                let gy = y * cells / height
                for x in Swift.stride(from: 0, to: width, by: 2) {
                    grid[gy * cells + x * cells / width] += busy.values[y * width + x]
                }
            }
        }
    }

    /// The emptiest of `tries` seeded positions with y in `band` (fractions of the height).
    private func spot(_ rng: inout PaintRandom, band: ClosedRange<Double>, tries: Int = 10) -> (Double, Double) {
        var best = (0.0, 0.0), bestCost = Float.infinity
        for _ in 0..<tries {
            let x = rng.range(0.08, 0.92) * Double(width), y = rng.range(band.lowerBound, band.upperBound) * Double(height)
            let gx = min(Int(x) * cells / width, cells - 1), gy = min(Int(y) * cells / height, cells - 1)
            var cost: Float = 0
            for dy in -1...1 { for dx in -1...1 {
                let cx = gx + dx, cy = gy + dy
                if cx >= 0, cy >= 0, cx < cells, cy < cells { cost += grid[cy * cells + cx] * (dx == 0 && dy == 0 ? 2 : 1) }
            } }
            if cost < bestCost { bestCost = cost; best = (x, y) }
        }
        return best
    }

    /// Draws `motifs` with `amount` in `0 ... 1` (1 = most).
    mutating func draw(_ motifs: [Motif], on canvas: RGBACanvas, seed: UInt64, amount: Double) {
        var rng = PaintRandom(seed: seed)
        let m = Double(min(width, height))
        let cr = canvas.cr
        let lineWidth = look == .pencil ? m * 0.0025 : m * 0.005
        cairo_set_line_width(cr, lineWidth)
        for motif in motifs {
            let count = Int((6 + 8 * amount).rounded())
            switch motif {
            case .sun:
                let (x, y) = spot(&rng, band: 0.1...0.3)
                let r = m * rng.range(0.065, 0.085)
                // Always a warm sun, tinted by the palette (a rotated palette must not paint it purple).
                let sun = PaletteColor(hex: 0xFFD15C).mixed(with: palette.accent, 0.25)
                if look != .pencil { canvas.glow(x, y, r * 2.4, sun, alpha: look == .wash ? 0.35 : 0.5) }
                if look == .pencil {
                    for k in 0..<12 {
                        let a = Double(k) * Double.pi / 6 + rng.range(-0.1, 0.1)
                        cairo_move_to(cr, x + cos(a) * r * 1.25, y + sin(a) * r * 1.25)
                        cairo_line_to(cr, x + cos(a) * r * rng.range(1.5, 1.75), y + sin(a) * r * rng.range(1.5, 1.75))
                    }
                }
                canvas.circle(x, y, r)
                finish(canvas, fill: sun, alpha: 0.95)
            case .stars:
                let (x, y) = spot(&rng, band: 0.1...0.25)
                let r = m * 0.06
                cairo_push_group(cr)
                canvas.circle(x, y, r)
                canvas.setColor(look == .pencil ? PaletteColor(0.35, 0.35, 0.37) : PaletteColor(hex: 0xF6E27A).mixed(with: palette.accent, 0.3))
                if look == .pencil { cairo_stroke_preserve(cr) } else { cairo_fill(cr) }
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
                cairo_new_path(cr)
                canvas.circle(x + r * 0.45, y - r * 0.25, r * 0.85)
                cairo_fill(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, look == .wash ? 0.8 : 1)
                for _ in 0..<count {
                    let (sx, sy) = spot(&rng, band: 0.04...0.5, tries: 4)
                    star(cr, sx, sy, m * rng.range(0.008, 0.016), rng.range(0, 1.2))
                    finish(canvas, fill: palette.accent.shaded(1.2), alpha: 0.95)
                }
            case .waves:
                for _ in 0..<max(2, count / 3) {
                    let (x, y) = spot(&rng, band: 0.72...0.95, tries: 6)
                    let crest = m * rng.range(0.03, 0.045), n = 4
                    cairo_move_to(cr, x - crest * Double(n) / 2, y)
                    for k in 0..<n {
                        let x0 = x - crest * Double(n) / 2 + crest * Double(k)
                        cairo_curve_to(cr, x0 + crest * 0.3, y - crest * 0.7, x0 + crest * 0.8, y - crest * 0.6, x0 + crest, y)
                    }
                    strokeOnly(canvas, palette.secondary.shaded(0.8), width: lineWidth * 1.4)
                }
            case .petals, .leaves:
                for i in 0..<count {
                    let (x, y) = spot(&rng, band: 0.05...0.95, tries: 4)
                    let r = m * rng.range(0.012, 0.02)
                    canvas.ellipse(x, y, r, r * (motif == .petals ? 0.55 : 0.42), angle: rng.range(0, Double.pi))
                    let color = motif == .petals ? PaletteColor(hex: 0xF48FB1).mixed(with: palette.primary, 0.4)
                        : (i % 2 == 0 ? palette.accent : palette.secondary)
                    finish(canvas, fill: color, alpha: 0.9)
                }
            case .confetti:
                let fills = palette.fills
                for i in 0..<(count + 4) {
                    let (x, y) = spot(&rng, band: 0.04...0.96, tries: 4)
                    let s = m * rng.range(0.008, 0.014)
                    cairo_save(cr)
                    cairo_translate(cr, x, y)
                    cairo_rotate(cr, rng.range(0, Double.pi))
                    cairo_rectangle(cr, -s, -s * 0.45, 2 * s, s * 0.9)
                    cairo_restore(cr)
                    finish(canvas, fill: fills[i % fills.count], alpha: 0.95, outline: false)
                }
            case .snowflakes:
                for _ in 0..<count {
                    let (x, y) = spot(&rng, band: 0.04...0.9, tries: 4)
                    let r = m * rng.range(0.012, 0.022), a0 = rng.range(0, 1)
                    for k in 0..<6 {
                        let a = a0 + Double(k) * Double.pi / 3
                        cairo_move_to(cr, x, y)
                        cairo_line_to(cr, x + cos(a) * r, y + sin(a) * r)
                    }
                    strokeOnly(canvas, palette.primary.shaded(0.85), width: max(lineWidth * 0.8, 1.2))
                }
            case .clouds:
                for _ in 0..<2 {
                    let (x, y) = spot(&rng, band: 0.08...0.3, tries: 6)
                    let r = m * rng.range(0.035, 0.05)
                    canvas.circle(x - r, y + r * 0.2, r * 0.8)
                    canvas.circle(x, y - r * 0.2, r)
                    canvas.circle(x + r * 1.1, y + r * 0.15, r * 0.75)
                    finish(canvas, fill: PaletteColor(1, 1, 1).mixed(with: palette.background, 0.15), alpha: 0.92)
                }
            }
        }
    }

    /// A five-pointed star path.
    private func star(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ r: Double, _ angle: Double) {
        for k in 0..<10 {
            let a = angle + Double(k) * Double.pi / 5 - Double.pi / 2
            let rr = k % 2 == 0 ? r : r * 0.45
            if k == 0 { cairo_move_to(cr, x + cos(a) * rr, y + sin(a) * rr) } else { cairo_line_to(cr, x + cos(a) * rr, y + sin(a) * rr) }
        }
        cairo_close_path(cr)
    }

    /// Fills (and outlines, per look) the current path.
    private func finish(_ canvas: RGBACanvas, fill: PaletteColor, alpha: Double, outline: Bool = true) {
        let cr = canvas.cr
        switch look {
        case .flat:
            canvas.setColor(fill, alpha: alpha)
            if outline {
                cairo_fill_preserve(cr)
                canvas.setColor(palette.ink, alpha: 0.9)
                cairo_stroke(cr)
            } else {
                cairo_fill(cr)
            }
        case .wash:
            canvas.setColor(fill, alpha: alpha * 0.6)
            cairo_fill(cr)
        case .pencil:
            canvas.setColor(PaletteColor(0.25, 0.25, 0.27), alpha: 0.55)
            cairo_stroke(cr)
        }
    }

    private func strokeOnly(_ canvas: RGBACanvas, _ color: PaletteColor, width: Double) {
        cairo_save(canvas.cr)
        cairo_set_line_width(canvas.cr, look == .pencil ? width * 0.6 : width)
        canvas.setColor(look == .pencil ? PaletteColor(0.25, 0.25, 0.27) : color, alpha: look == .wash ? 0.6 : 0.9)
        cairo_stroke(canvas.cr)
        cairo_restore(canvas.cr)
    }
}
