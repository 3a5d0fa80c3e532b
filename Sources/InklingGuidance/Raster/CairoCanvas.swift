import CCairo
import InklingStrokes

/// A cairo A8 image surface (one byte of alpha = intensity per pixel) and its drawing context,
/// owned together and destroyed in `deinit`.
///
/// The thin wrapper the renderer draws through: paths are built vertex by vertex, filled with
/// the non-zero winding rule, optionally clipped or textured, and the pixels are copied out
/// (minding cairo's row stride). No cairo pointer leaves this class. Not thread-safe: one
/// canvas belongs to one render call.
final class CairoCanvas {
    let width: Int
    let height: Int
    /// The full map's row that this canvas's first row is; subtracted from every y.
    let originY: Double
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// Creates a cleared (all zero) surface covering rows `originY ..< originY + height` of the map.
    ///
    /// Callers give map coordinates; the canvas subtracts `originY` as the last step, which is
    /// exact in floating point, so a row rasterizes identically whatever band it falls in.
    init(width: Int, height: Int, originY: Int = 0) throws(GuidanceError) {
        self.width = width
        self.height = height
        self.originY = Double(originY)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else {
            throw .cairo("cairo_image_surface_create returned no surface")
        }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(Self.message(surfaceStatus))
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .cairo("cairo_create returned no context")
        }
        self.surface = surface
        self.context = context
        try check()
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        // 4×4 supersampled coverage (17 levels): visually the same as the default 256×15 grid on
        // filled outlines, and 2–2.5× faster to scan convert (measured on 20,000-point drawings).
        cairo_set_antialias(context, CAIRO_ANTIALIAS_FAST)
        cairo_set_tolerance(context, 0.1)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Throws if the context or surface is in an error state.
    func check() throws(GuidanceError) {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(Self.message(status)) }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else { throw .cairo(Self.message(surfaceStatus)) }
    }

    private static func message(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)"
    }

    // MARK: State

    /// Replaces (interpolating by coverage) instead of compositing OVER.
    func useSourceOperator() { cairo_set_operator(context, CAIRO_OPERATOR_SOURCE) }

    /// Sets the intensity 0…1 that following fills paint.
    func setIntensity(_ value: Double) {
        cairo_set_source_rgba(context, 0, 0, 0, min(max(value, 0), 1))
    }

    /// Pushes the graphics state (clip, source).
    func save() { cairo_save(context) }
    /// Pops the graphics state.
    func restore() { cairo_restore(context) }

    // MARK: Paths

    @inline(__always) func moveTo(_ x: Double, _ y: Double) { cairo_move_to(context, x, y - originY) }
    @inline(__always) func lineTo(_ x: Double, _ y: Double) { cairo_line_to(context, x, y - originY) }
    @inline(__always) func closePath() { cairo_close_path(context) }
    /// Drops the current path.
    func newPath() { cairo_new_path(context) }

    /// Fills and clears the current path with the current intensity.
    func fill() { cairo_fill(context) }

    /// Saves the state, then intersects the clip with `polygons` (non-zero winding); undo
    /// with ``restore()``.
    func pushClip(_ polygons: [[Point2D]]) {
        save()
        for polygon in polygons where !polygon.isEmpty {
            moveTo(polygon[0].x, polygon[0].y)
            for p in polygon.dropFirst() { lineTo(p.x, p.y) }
            closePath()
        }
        cairo_clip(context)
    }

    /// Fills the current path with the current intensity multiplied by `texture`, clearing it.
    func fill(texture: CairoTexture) {
        cairo_save(context)
        cairo_clip(context)
        texture.withPattern { cairo_mask(context, $0) }
        cairo_restore(context)
    }

    // MARK: Pixels

    /// The intensities, one byte per pixel, rows packed without padding.
    func intensities() -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            return [UInt8](repeating: 0, count: width * height)
        }
        let w = width
        return [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height {
                (out.baseAddress! + y * w).update(from: data + y * stride, count: w)
            }
            count = width * height
        }
    }
}
