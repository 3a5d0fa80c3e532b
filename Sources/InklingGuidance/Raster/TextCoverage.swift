import CCairo

/// One line of text as coverage, for labels drawn onto images (contact sheets): cairo's toy
/// text API, bold sans-serif from fontconfig, so the glyphs depend on the fonts installed.
/// The surface is made and destroyed within the call; only bytes leave it.
public enum TextCoverage {
    /// Coverage `0 ... 255` (`width × height`, row-major) of `text` centred in the strip, its
    /// font size 62% of the height; `nil` when cairo cannot allocate.
    public static func render(_ text: String, width: Int, height: Int) -> [UInt8]? {
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, Double(height) * 0.62)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        let x = max(0, (Double(width) - extents.x_advance) / 2)
        cairo_move_to(cr, x, Double(height) * 0.72)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_show_text(cr, text)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { out[y * width + x] = data[y * stride + x] }
        }
        return out
    }
}
