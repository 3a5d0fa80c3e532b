/// The per-point confidence behind ``GuidanceEncoding/confidence``: how strongly a stroke
/// suggests composition, from pressure and drawing speed.
///
/// ```
/// confidence = clamp01(pressureTerm × speedTerm) × clamp01(colour alpha × point opacity)
/// pressureTerm = clamp01(0.2 + 0.8 × force)          // force 1.0 = an average touch → 1
/// speedTerm    = 1 / (1 + speed / referenceSpeed)     // 1 when the stroke has no timing
/// ```
/// Speed is measured in the stroke's own units per second (points, on most canvases) and
/// smoothed along the stroke over a few nib widths. With ``referenceSpeed`` 1500 pt/s, a
/// careful 200 pt/s stroke keeps 88%, a 3000 pt/s flick 33%.
public enum ConfidenceModel {
    /// The speed, in stroke units per second, at which the speed term halves.
    static let referenceSpeed = 1500.0

    /// The confidence 0…1 of one point.
    ///
    /// - Parameters:
    ///   - force: The point's force (1.0 = average).
    ///   - speed: Drawing speed in units per second, or `nil` when the stroke has no timing.
    ///   - opacity: Colour alpha × point opacity.
    public static func confidence(force: Double, speed: Double?, opacity: Double) -> Double {
        let pressureTerm = min(max(0.2 + 0.8 * force, 0), 1)
        let speedTerm = speed.map { 1 / (1 + max($0, 0) / referenceSpeed) } ?? 1
        return min(max(pressureTerm * speedTerm, 0), 1) * min(max(opacity, 0), 1)
    }
}
