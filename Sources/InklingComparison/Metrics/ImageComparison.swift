import InklingImageIO

/// Every measure of how a candidate image differs from its reference, and the verdict.
///
/// ```swift
/// let result = try ImageComparison(reference: expected, candidate: actual,
///                                  tolerance: ComparisonTolerance(precision: 0.999, perceptualPrecision: 0.98))
/// if !result.passed { try PNGFile.write(PNGDocument(image: result.differenceImage(), text: []), to: diffURL) }
/// ```
public struct ImageComparison: Sendable {
    /// Width of both images.
    public let width: Int
    /// Height of both images.
    public let height: Int
    /// The pixel format both were compared in (see ``ComparablePair``'s rule: the richer of the two).
    public let format: PixelFormat
    /// Peak signal-to-noise ratio.
    public let psnr: PeakSignalToNoiseRatio
    /// Structural similarity; `nil` when an image is smaller than SSIM's 11 × 11 window.
    public let ssim: StructuralSimilarity?
    /// The perceptual (ΔE00) difference against the tolerance's threshold.
    public let perceptual: PerceptualDifference
    /// The tolerance the verdict was reached with.
    public let tolerance: ComparisonTolerance
    /// The per-pixel differences, for ``differenceImage()``.
    public let differences: ColorDifferenceMap
    /// The reference, in the common format (background of the difference image).
    let reference: RasterImage

    /// Compares `candidate` with `reference`.
    ///
    /// - Throws: ``ComparisonError/sizeMismatch(width:height:otherWidth:otherHeight:)``,
    ///   ``ComparisonError/emptyImage``, ``ComparisonError/invalidTolerance(name:value:)``.
    public init(reference: RasterImage, candidate: RasterImage, tolerance: ComparisonTolerance = .exact) throws(ComparisonError) {
        self.tolerance = try tolerance.validated()
        let pair = try ComparablePair(reference, candidate)
        width = pair.width
        height = pair.height
        format = pair.format
        psnr = PeakSignalToNoiseRatio.measure(pair)
        ssim = pair.width >= StructuralSimilarity.minimumSide && pair.height >= StructuralSimilarity.minimumSide
            ? try StructuralSimilarity.measure(pair) : nil
        differences = ColorDifferenceMap(pair)
        perceptual = PerceptualDifference(map: differences, threshold: tolerance.deltaEThreshold)
        self.reference = pair.reference
    }

    /// Why the comparison failed, one clause per broken rule; empty when it passed.
    public var failures: [String] {
        var reasons: [String] = []
        if !perceptual.passes(precision: tolerance.precision) {
            reasons.append("\(MetricFormat.percent(perceptual.fractionOver)) of pixels differ by more than ΔE \(MetricFormat.number(perceptual.threshold)) (allowed: \(MetricFormat.percent(1 - tolerance.precision)))")
        }
        if let floor = tolerance.minimumSSIM {
            if let ssim, ssim.mean < floor {
                reasons.append("SSIM \(MetricFormat.ssim(ssim.mean)) is below \(MetricFormat.number(floor, digits: 5))")
            } else if ssim == nil {
                reasons.append("SSIM cannot be measured on \(width)x\(height) images (minimum \(StructuralSimilarity.minimumSide)x\(StructuralSimilarity.minimumSide))")
            }
        }
        if let floor = tolerance.minimumPSNR, psnr.decibels < floor {
            reasons.append("PSNR \(MetricFormat.number(psnr.decibels)) dB is below \(MetricFormat.number(floor)) dB")
        }
        return reasons
    }

    /// Whether every rule of the tolerance holds.
    public var passed: Bool { failures.isEmpty }

    /// The heat map of the differences (see ``DifferenceImage``).
    public func differenceImage() -> RasterImage {
        DifferenceImage.render(differences, reference: reference, threshold: perceptual.threshold)
    }
}
