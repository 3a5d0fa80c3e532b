import CCairo

/// A small repeating A8 cairo pattern used to texture ink fills; owns its surface and pattern.
final class CairoTexture {
    private let surface: OpaquePointer
    private let pattern: OpaquePointer

    /// Creates a repeating pattern from a `size × size` tile of bytes, shifted by `(dx, dy)` pixels.
    init(tile: [UInt8], size: Int, offsetX dx: Int, offsetY dy: Int) throws(GuidanceError) {
        precondition(tile.count == size * size, "tile size mismatch")
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(size), Int32(size)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cairo("could not create a texture surface")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            tile.withUnsafeBufferPointer { src in
                for y in 0..<size { (data + y * stride).update(from: src.baseAddress! + y * size, count: size) }
            }
        }
        cairo_surface_mark_dirty(surface)
        guard let pattern = cairo_pattern_create_for_surface(surface),
              cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo("could not create a texture pattern")
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, Double(dx), Double(dy))
        cairo_pattern_set_matrix(pattern, &matrix)
        self.surface = surface
        self.pattern = pattern
    }

    deinit {
        cairo_pattern_destroy(pattern)
        cairo_surface_destroy(surface)
    }

    /// Lends the pattern to `body` (the canvas), never beyond it.
    func withPattern(_ body: (OpaquePointer) -> Void) { body(pattern) }
}
