import CCairo
import Foundation

/// One motif drawn large, as the face of an emoji sticker when the sketch does not shape it:
/// a sun, a crescent with a star, a wave, a five-petal blossom, confetti, a snowflake, a leaf
/// or a cloud, flat colours with a dark outline, centred at `(x, y)` within radius `r`.
enum MotifGlyph {
    static func draw(_ motif: Motif, on canvas: RGBACanvas, x: Double, y: Double, r: Double, palette: Palette) {
        let cr = canvas.cr
        let ink = palette.ink
        cairo_set_line_width(cr, r * 0.06)
        func fillAndOutline(_ c: PaletteColor) {
            canvas.setColor(c)
            cairo_fill_preserve(cr)
            canvas.setColor(ink, alpha: 0.9)
            cairo_stroke(cr)
        }
        switch motif {
        case .sun:
            for k in 0..<10 {
                let a = Double(k) * Double.pi / 5
                cairo_move_to(cr, x + cos(a) * r * 0.62, y + sin(a) * r * 0.62)
                cairo_line_to(cr, x + cos(a) * r * 0.9, y + sin(a) * r * 0.9)
            }
            canvas.setColor(ink, alpha: 0.9)
            cairo_stroke(cr)
            canvas.circle(x, y, r * 0.48)
            fillAndOutline(PaletteColor(hex: 0xFFD15C))
        case .stars:
            cairo_push_group(cr)
            canvas.circle(x - r * 0.1, y, r * 0.7)
            canvas.setColor(PaletteColor(hex: 0xF6E27A))
            cairo_fill(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
            canvas.circle(x + r * 0.25, y - r * 0.2, r * 0.6)
            cairo_fill(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
        case .waves:
            for row in 0..<3 {
                let yy = y - r * 0.35 + Double(row) * r * 0.35
                cairo_move_to(cr, x - r * 0.75, yy)
                for k in 0..<3 {
                    let x0 = x - r * 0.75 + Double(k) * r * 0.5
                    cairo_curve_to(cr, x0 + r * 0.12, yy - r * 0.25, x0 + r * 0.38, yy - r * 0.25, x0 + r * 0.5, yy)
                }
            }
            cairo_set_line_width(cr, r * 0.12)
            canvas.setColor(PaletteColor(1, 1, 1), alpha: 0.95)
            cairo_stroke(cr)
        case .petals:
            for k in 0..<5 {
                let a = Double(k) * 2 * Double.pi / 5 - Double.pi / 2
                canvas.ellipse(x + cos(a) * r * 0.38, y + sin(a) * r * 0.38, r * 0.34, r * 0.24, angle: a)
                fillAndOutline(PaletteColor(hex: 0xF8BBD0))
            }
            canvas.circle(x, y, r * 0.16)
            fillAndOutline(PaletteColor(hex: 0xFFD54F))
        case .confetti:
            let colors = palette.fills
            for k in 0..<11 {
                let a = Double(k) * 2.4, d = r * (0.1 + 0.075 * Double(k))
                cairo_save(cr)
                cairo_translate(cr, x + cos(a) * d, y + sin(a) * d)
                cairo_rotate(cr, a)
                cairo_rectangle(cr, -r * 0.16, -r * 0.07, r * 0.32, r * 0.14)
                cairo_restore(cr)
                canvas.setColor(colors[k % colors.count].shaded(1.15))
                cairo_fill(cr)
            }
        case .snowflakes:
            for k in 0..<6 {
                let a = Double(k) * Double.pi / 3
                let ex = x + cos(a) * r * 0.8, ey = y + sin(a) * r * 0.8
                cairo_move_to(cr, x, y)
                cairo_line_to(cr, ex, ey)
                for side in [-1.0, 1.0] {
                    let mx = x + cos(a) * r * 0.5, my = y + sin(a) * r * 0.5
                    cairo_move_to(cr, mx, my)
                    cairo_line_to(cr, mx + cos(a + side * 0.7) * r * 0.22, my + sin(a + side * 0.7) * r * 0.22)
                }
            }
            cairo_set_line_width(cr, r * 0.1)
            canvas.setColor(PaletteColor(1, 1, 1), alpha: 0.95)
            cairo_stroke(cr)
        case .leaves:
            canvas.ellipse(x, y, r * 0.75, r * 0.4, angle: -0.6)
            fillAndOutline(PaletteColor(hex: 0xE8A33D))
            cairo_move_to(cr, x - cos(-0.6) * r * 0.7, y - sin(-0.6) * r * 0.7)
            cairo_line_to(cr, x + cos(-0.6) * r * 0.7, y + sin(-0.6) * r * 0.7)
            canvas.setColor(ink, alpha: 0.8)
            cairo_stroke(cr)
        case .clouds:
            canvas.circle(x - r * 0.38, y + r * 0.1, r * 0.32)
            canvas.circle(x, y - r * 0.1, r * 0.42)
            canvas.circle(x + r * 0.4, y + r * 0.12, r * 0.3)
            fillAndOutline(PaletteColor(1, 1, 1))
        }
    }
}
