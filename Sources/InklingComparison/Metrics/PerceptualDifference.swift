/// How much of an image differs visibly from a reference: the fraction of pixels whose CIEDE2000
/// difference exceeds a threshold, as image snapshot libraries judge it.
///
/// The pass rule: at most `1 − precision` of the pixels may be over the threshold, where the
/// threshold is `100 · (1 − perceptualPrecision)` ΔE00 (so a perceptual precision of 0.98
/// tolerates ΔE ≤ 2, about the just noticeable difference, and 1 tolerates no change at all).
public struct PerceptualDifference: Sendable, Hashable {
    /// The per-pixel threshold in ΔE00: a pixel above it counts as different.
    public var threshold: Double
    /// Number of pixels above ``threshold``.
    public var pixelsOver: Int
    /// ``pixelsOver`` as a fraction of all pixels, `0 ... 1`.
    public var fractionOver: Double
    /// Number of pixels that differ at all (ΔE > 0).
    public var pixelsChanged: Int
    /// The largest ΔE00 of any pixel.
    public var maximum: Double
    /// The mean ΔE00 over all pixels.
    public var mean: Double

    /// The ΔE00 threshold a perceptual precision stands for: `100 · (1 − perceptualPrecision)`.
    public static func threshold(perceptualPrecision: Double) -> Double {
        max(0, 100 * (1 - perceptualPrecision))
    }

    /// Summarizes a difference map against a threshold in ΔE00.
    public init(map: ColorDifferenceMap, threshold: Double) {
        self.threshold = threshold
        let t = Float(threshold)
        var over = 0, changed = 0
        for v in map.values where v > 0 {
            changed += 1
            if v > t { over += 1 }
        }
        pixelsOver = over
        pixelsChanged = changed
        fractionOver = map.values.isEmpty ? 0 : Double(over) / Double(map.values.count)
        maximum = map.maximum
        mean = map.mean
    }

    /// Whether at most `1 − precision` of the pixels are over the threshold.
    public func passes(precision: Double) -> Bool {
        fractionOver <= 1 - precision + 1e-12
    }
}
