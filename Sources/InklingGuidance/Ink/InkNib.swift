import Foundation

/// The shape of a nib, which decides how the stroke direction changes the width.
public enum InkNib: Sendable, Hashable {
    /// A round nib: width does not depend on direction.
    case round
    /// A flat nib held at the pen's azimuth (per point): moving perpendicular to the nib draws
    /// the full width, moving along it draws `minimumRatio` of it.
    case azimuth(minimumRatio: Double)
    /// A flat nib at a fixed angle in radians on the page (0 = along +x), as a reed pen is held.
    case fixed(angle: Double, minimumRatio: Double)

    /// Whether the width depends on the stroke direction.
    var isFlat: Bool { self != .round }

    /// The width factor (`minimumRatio ... 1`) for a stroke moving along the unit vector
    /// `(dx, dy)` with the pen at `azimuth` radians.
    ///
    /// A flat nib of width W at angle θ sweeps `W·|sin(φ − θ)|` across a path heading φ;
    /// `sin(φ − θ) = dy·cos θ − dx·sin θ`, so no angle of the direction is ever computed.
    func widthFactor(dx: Double, dy: Double, azimuth: Double) -> Double {
        switch self {
        case .round:
            return 1
        case .azimuth(let minimumRatio):
            return max(minimumRatio, abs(dy * cos(azimuth) - dx * sin(azimuth)))
        case .fixed(let angle, let minimumRatio):
            return max(minimumRatio, abs(dy * cos(angle) - dx * sin(angle)))
        }
    }
}
