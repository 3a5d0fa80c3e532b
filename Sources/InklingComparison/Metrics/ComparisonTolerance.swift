/// When a candidate image counts as matching its reference.
///
/// The rule is snapshot testing's: a pixel matches when its CIEDE2000 difference is at most
/// `100 · (1 − perceptualPrecision)`, and the image passes when at least `precision` of its pixels
/// match. Optional floors on SSIM and PSNR can be added. The default is exact: no pixel may change.
public struct ComparisonTolerance: Sendable, Hashable, Codable {
    /// Fraction of pixels that must match, `0 ... 1` (1: all).
    public var precision: Double
    /// How close a pixel must be to match, `0 ... 1` (1: identical; 0.98: ΔE00 ≤ 2).
    public var perceptualPrecision: Double
    /// The lowest acceptable mean SSIM, if any.
    public var minimumSSIM: Double?
    /// The lowest acceptable PSNR in dB, if any.
    public var minimumPSNR: Double?

    /// Exact: every pixel identical.
    public static let exact = ComparisonTolerance()

    /// Creates a tolerance; every value is checked by ``validated()``.
    public init(precision: Double = 1, perceptualPrecision: Double = 1, minimumSSIM: Double? = nil, minimumPSNR: Double? = nil) {
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
        self.minimumSSIM = minimumSSIM
        self.minimumPSNR = minimumPSNR
    }

    /// The per-pixel threshold in ΔE00.
    public var deltaEThreshold: Double { PerceptualDifference.threshold(perceptualPrecision: perceptualPrecision) }

    /// This tolerance, after checking that the precisions and the SSIM floor lie in `0 ... 1`
    /// (SSIM: `-1 ... 1`) and the PSNR floor is a number.
    ///
    /// - Throws: ``ComparisonError/invalidTolerance(name:value:)``.
    public func validated() throws(ComparisonError) -> ComparisonTolerance {
        guard precision.isFinite, (0...1).contains(precision) else { throw .invalidTolerance(name: "precision", value: precision) }
        guard perceptualPrecision.isFinite, (0...1).contains(perceptualPrecision) else {
            throw .invalidTolerance(name: "perceptual precision", value: perceptualPrecision)
        }
        if let minimumSSIM, !(minimumSSIM.isFinite && (-1...1).contains(minimumSSIM)) {
            throw .invalidTolerance(name: "minimum SSIM", value: minimumSSIM)
        }
        if let minimumPSNR, minimumPSNR.isNaN { throw .invalidTolerance(name: "minimum PSNR", value: minimumPSNR) }
        return self
    }
}
