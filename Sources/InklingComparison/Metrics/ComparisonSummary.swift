/// An ``ImageComparison`` as plain values, for JSON reports (`inkling compare --json`, regression
/// reports). Infinite PSNR (identical images) is `nil` with ``identical`` set.
public struct ComparisonSummary: Sendable, Hashable, Codable {
    /// Whether the tolerance held.
    public var passed: Bool
    /// Whether the images are sample for sample identical.
    public var identical: Bool
    /// Width of the images.
    public var width: Int
    /// Height of the images.
    public var height: Int
    /// The pixel format compared in.
    public var format: String
    /// PSNR in dB over all channels; `nil` when identical (infinite).
    public var psnr: Double?
    /// PSNR of each channel; `nil` entries for identical channels.
    public var psnrChannels: [Double?]
    /// Mean squared error over all samples.
    public var meanSquaredError: Double
    /// Mean SSIM; `nil` when the images are smaller than the window.
    public var ssim: Double?
    /// SSIM of each channel.
    public var ssimChannels: [Double]?
    /// ΔE00 threshold per pixel.
    public var deltaEThreshold: Double
    /// Fraction of pixels over the threshold.
    public var fractionOver: Double
    /// Number of pixels over the threshold.
    public var pixelsOver: Int
    /// Number of pixels that differ at all.
    public var pixelsChanged: Int
    /// Largest ΔE00 of any pixel.
    public var maximumDeltaE: Double
    /// Mean ΔE00 over all pixels.
    public var meanDeltaE: Double
    /// The tolerance applied.
    public var tolerance: ComparisonTolerance
    /// Why it failed (empty when it passed).
    public var failures: [String]

    /// The summary of `comparison`.
    public init(_ comparison: ImageComparison) {
        passed = comparison.passed
        identical = comparison.psnr.meanSquaredError == 0
        width = comparison.width
        height = comparison.height
        format = comparison.format.rawValue
        psnr = comparison.psnr.decibels.isFinite ? comparison.psnr.decibels : nil
        psnrChannels = comparison.psnr.channels.map { $0.isFinite ? $0 : nil }
        meanSquaredError = comparison.psnr.meanSquaredError
        ssim = comparison.ssim?.mean
        ssimChannels = comparison.ssim?.channels
        deltaEThreshold = comparison.perceptual.threshold
        fractionOver = comparison.perceptual.fractionOver
        pixelsOver = comparison.perceptual.pixelsOver
        pixelsChanged = comparison.perceptual.pixelsChanged
        maximumDeltaE = comparison.perceptual.maximum
        meanDeltaE = comparison.perceptual.mean
        tolerance = comparison.tolerance
        failures = comparison.failures
    }
}
