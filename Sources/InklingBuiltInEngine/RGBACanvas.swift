import CCairo

/// A cairo ARGB32 surface (premultiplied, native-endian BGRA in memory on little-endian
/// machines) and its context, owned together and destroyed in `deinit`. Painters draw motifs
/// and hatching through it; ``Painting/composite(_:opacity:)`` reads it back. One canvas belongs
/// to one generation (not shared across threads).
final class RGBACanvas {
    let width: Int
    let height: Int
    private let surface: OpaquePointer
    /// The cairo context; painters call cairo directly for paths and gradients.
    let cr: OpaquePointer

    /// A transparent canvas; `nil` when cairo cannot allocate it.
    init?(width: Int, height: Int) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.cr = cr
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GOOD)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Sets a solid source colour.
    func setColor(_ c: PaletteColor, alpha: Double = 1) {
        cairo_set_source_rgba(cr, Double(c.r), Double(c.g), Double(c.b), alpha)
    }

    /// Adds a circle to the path.
    func circle(_ x: Double, _ y: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, r, 0, 2 * Double.pi)
    }

    /// Adds an ellipse rotated by `angle` to the path.
    func ellipse(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double, angle: Double) {
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_rotate(cr, angle)
        cairo_scale(cr, max(rx, 1e-3), max(ry, 1e-3))
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cr)
    }

    /// Fills a radial glow: `color` at `alpha` in the centre fading to transparent at `r`.
    func glow(_ x: Double, _ y: Double, _ r: Double, _ color: PaletteColor, alpha: Double) {
        guard let g = cairo_pattern_create_radial(x, y, 0, x, y, r) else { return }
        cairo_pattern_add_color_stop_rgba(g, 0, Double(color.r), Double(color.g), Double(color.b), alpha)
        cairo_pattern_add_color_stop_rgba(g, 1, Double(color.r), Double(color.g), Double(color.b), 0)
        cairo_set_source(cr, g)
        cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r)
        cairo_fill(cr)
        cairo_pattern_destroy(g)
    }

    /// Calls `body` with the pixel bytes and the row stride.
    func withPixels<R>(_ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return body(UnsafePointer(data), stride)
    }
}
