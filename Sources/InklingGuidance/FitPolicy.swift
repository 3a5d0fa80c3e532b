import InklingStrokes

/// How a drawing's frame is mapped onto an output image of another size or aspect ratio.
///
/// All policies first shrink the output rectangle by `padding × min(width, height)` pixels on
/// every side (padding is clamped to `0 ... 0.49`), then map the frame into that inner rectangle.
/// Pixel coordinates put `(0, 0)` at the top-left corner of the top-left pixel and
/// `(width, height)` at the bottom-right corner of the last one, as cairo does.
///
/// The same transform is meant to be applied to source images, so a sketch and the picture it
/// was drawn over stay registered.
public enum FitPolicy: String, Sendable, CaseIterable {
    /// Letterbox: uniform scale, the whole frame is visible, centred; empty bands may remain.
    case fit
    /// Cover: uniform scale, the inner rectangle is completely covered, centred; the frame's
    /// overflowing sides are cropped.
    case fill
    /// Non-uniform scale: the frame exactly fills the inner rectangle; aspect ratio is not kept.
    case stretch

    /// The transform from drawing space to output pixels for a frame and an output size.
    ///
    /// A degenerate frame (zero width or height) is scaled by its other side; a frame that is a
    /// single point gets scale 1. Either way it is centred. Non-finite inputs give `.identity`.
    ///
    /// - Parameters:
    ///   - frame: The drawing-space rectangle to show (``Drawing/frame``).
    ///   - width: Output width in pixels.
    ///   - height: Output height in pixels.
    ///   - padding: Margin on every side, as a fraction of the output's shorter side.
    public func transform(from frame: Rect2D, to width: Int, _ height: Int, padding: Double) -> AffineTransform2D {
        let w = Double(max(width, 0)), h = Double(max(height, 0))
        let pad = (padding.isFinite ? min(max(padding, 0), 0.49) : 0) * min(w, h)
        let innerW = max(w - 2 * pad, 0), innerH = max(h - 2 * pad, 0)
        let fw = frame.width, fh = frame.height
        guard fw.isFinite, fh.isFinite, frame.minX.isFinite, frame.minY.isFinite else { return .identity }

        var sx: Double, sy: Double
        switch (fw > 0, fh > 0) {
        case (true, true):
            let kx = innerW / fw, ky = innerH / fh
            switch self {
            case .fit: sx = min(kx, ky); sy = sx
            case .fill: sx = max(kx, ky); sy = sx
            case .stretch: sx = kx; sy = ky
            }
        case (true, false): sx = innerW / fw; sy = sx
        case (false, true): sy = innerH / fh; sx = sy
        case (false, false): sx = 1; sy = 1
        }
        // Centre the scaled frame on the output.
        let tx = w / 2 - sx * (frame.minX + fw / 2)
        let ty = h / 2 - sy * (frame.minY + fh / 2)
        return AffineTransform2D(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }
}
