import Foundation

/// How pressure turns into width: an easing curve applied the way perfect-freehand applies its
/// `easing` option, to `0.5 − thinning × (0.5 − pressure)` before it is multiplied by the size.
///
/// The curves are the ones perfect-freehand's demo offers (`packages/dev/src/state/easings.ts`),
/// with the same names; Excalidraw draws freedraw lines with ``easeOutSine``. Each maps 0…1 onto
/// 0…1 with `0 → 0` and `1 → 1`, so a line is never wider than twice its size.
public enum StrokeEasing: String, Sendable, Hashable, Codable, CaseIterable {
    /// `t`: width follows pressure evenly (perfect-freehand's default).
    case linear
    /// Powers of `t`: in (slow start), out (fast start) and in-out, of degree 2 to 5.
    case easeInQuad, easeOutQuad, easeInOutQuad
    /// Cubic in, out and in-out.
    case easeInCubic, easeOutCubic, easeInOutCubic
    /// Quartic in, out and in-out.
    case easeInQuart, easeOutQuart, easeInOutQuart
    /// Quintic in, out and in-out.
    case easeInQuint, easeOutQuint, easeInOutQuint
    /// Quarter sine waves: `easeOutSine` is `sin(t·π/2)`, Excalidraw's.
    case easeInSine, easeOutSine, easeInOutSine
    /// Powers of 2: in, out and in-out.
    case easeInExpo, easeOutExpo, easeInOutExpo

    /// The curve's value at `t` (meant for 0…1), as perfect-freehand's demo computes it.
    public func callAsFunction(_ t: Double) -> Double {
        switch self {
        case .linear: return t
        case .easeInQuad: return t * t
        case .easeOutQuad: return t * (2 - t)
        case .easeInOutQuad: return t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t
        case .easeInCubic: return t * t * t
        case .easeOutCubic: let u = t - 1; return u * u * u + 1
        case .easeInOutCubic: return t < 0.5 ? 4 * t * t * t : (t - 1) * (2 * t - 2) * (2 * t - 2) + 1
        case .easeInQuart: return t * t * t * t
        case .easeOutQuart: let u = t - 1; return 1 - u * u * u * u
        case .easeInOutQuart: let u = t - 1; return t < 0.5 ? 8 * t * t * t * t : 1 - 8 * u * u * u * u
        case .easeInQuint: return t * t * t * t * t
        case .easeOutQuint: let u = t - 1; return 1 + u * u * u * u * u
        case .easeInOutQuint: let u = t - 1; return t < 0.5 ? 16 * t * t * t * t * t : 1 + 16 * u * u * u * u * u
        case .easeInSine: return 1 - cos(t * .pi / 2)
        case .easeOutSine: return sin(t * .pi / 2)
        case .easeInOutSine: return -(cos(.pi * t) - 1) / 2
        case .easeInExpo: return t <= 0 ? 0 : pow(2, 10 * t - 10)
        case .easeOutExpo: return t >= 1 ? 1 : 1 - pow(2, -10 * t)
        case .easeInOutExpo:
            if t <= 0 { return 0 }
            if t >= 1 { return 1 }
            return t < 0.5 ? pow(2, 20 * t - 10) / 2 : (2 - pow(2, -20 * t + 10)) / 2
        }
    }

    /// The names, comma-separated, for help and errors.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
