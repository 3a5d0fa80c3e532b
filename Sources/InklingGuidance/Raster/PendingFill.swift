/// The outline path accumulated in a canvas but not painted yet, and how to paint it.
///
/// Consecutive strokes may share one fill when the result is the same as filling them one by
/// one: opaque, untextured, unclipped fills (OVER of full intensity is a union), or any level
/// with max blending, and the same winding direction (a mirroring transform reverses the
/// outline, and opposite windings would cancel under the non-zero rule).
struct PendingFill {
    /// Quantized level of the pending path, or −1 when nothing is pending.
    var level: Int = -1
    /// Intensity to paint with.
    var intensity: Double = 0
    /// Texture to modulate the fill with.
    var texture: CairoTexture?
    /// Whether the next stroke may add to this path.
    var mergeable: Bool = false
    /// Whether the path's outlines were emitted through a mirroring transform.
    var mirrored: Bool = false

    /// Paints the pending path, if any, and clears it.
    mutating func flush(on canvas: CairoCanvas) {
        guard level >= 0 else { return }
        canvas.setIntensity(intensity)
        if let texture { canvas.fill(texture: texture) } else { canvas.fill() }
        self = PendingFill()
    }
}
