import Foundation
import InklingConditioning

/// How much the sketch shapes a built-in painting, derived from ``GuidanceControls``.
///
/// - `strength` s = clamp(controls.strength, 0, 1) reshaped by the mode: `sketchFirst` s^0.8
///   (boosted), `balanced` s, `promptFirst` s^1.15 (damped). 0 stays 0 and 1 stays 1.
/// - `placement` = s × (1 − 0.5 × start): how exactly lines sit where they were drawn; the
///   displacement amplitude is (1 − placement) × 7% of the shorter side. Guidance that starts
///   late in a diffusion run no longer fixes the layout, so a late `start` loosens placement.
/// - `detail` = √s × (0.6 + 0.4 × end): opacity of the sketch's lines and crispness of its fills;
///   the square root keeps a light touch visible (adherence rises at every step of strength);
///   guidance that ends early leaves the final details to the prompt.
/// At s = 0 the sketch is ignored completely (the painting equals the one without a drawing).
struct GuidanceInfluence: Sendable {
    let strength: Double
    let placement: Double
    let detail: Double

    init(_ controls: GuidanceControls) {
        let raw = controls.strength.isFinite ? min(max(controls.strength, 0), 1) : 0
        let s: Double
        switch controls.mode {
        case .sketchFirst: s = pow(raw, 0.8)
        case .balanced: s = raw
        case .promptFirst: s = pow(raw, 1.15)
        }
        let start = controls.start.isFinite ? min(max(controls.start, 0), 1) : 0
        let end = controls.end.isFinite ? min(max(controls.end, 0), 1) : 1
        strength = s
        placement = s * (1 - 0.5 * start)
        detail = s.squareRoot() * (0.6 + 0.4 * end)
    }

    /// No influence at all (no drawing, or strength 0).
    static let none = GuidanceInfluence(GuidanceControls(strength: 0))

    /// Whether the sketch has any influence.
    var isActive: Bool { strength > 0 }
}
