import Foundation
import InklingImageIO

/// Structural similarity (SSIM) of two 8-bit images with the Gaussian window of Wang et al. (2004),
/// computed exactly as scikit-image's
/// `structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
/// data_range=255, channel_axis=-1)` does.
///
/// - Window: a Gaussian with σ = 1.5 truncated at 3.5 σ, so radius 5 and 11 taps, normalized;
///   applied separably. Constants `C1 = (0.01 · 255)²`, `C2 = (0.03 · 255)²`; population
///   (not sample) covariance.
/// - The mean is taken over the pixels whose whole window lies inside the image (a 5-pixel
///   border is left out, as scikit-image crops it), so no edge padding ever enters the score.
/// - Each channel is scored on its own; ``mean`` is the mean of the channel scores. Alpha is a
///   channel like the others (straight, not premultiplied: colour under a fully transparent
///   pixel still counts). Formats are unified first as ``ComparablePair`` describes.
/// - Arithmetic is in `Double`, in an order independent of the number of cores: the same result
///   on every run, within about 1e-15 of scikit-image's float64 values (see ``SSIMWindowSums``).
public struct StructuralSimilarity: Sendable, Hashable {
    /// The mean SSIM over channels, `-1 ... 1` (1: identical).
    public var mean: Double
    /// SSIM of each channel (gray; gray, alpha; R, G, B; R, G, B, alpha).
    public var channels: [Double]

    /// The Gaussian's standard deviation, in pixels.
    public static let sigma = 1.5
    /// The window radius: `Int(3.5 σ + 0.5)`, as SciPy truncates the Gaussian.
    public static let radius = 5
    /// The smallest side an image may have: the window's width.
    public static let minimumSide = 2 * radius + 1
    /// SSIM's luminance constant `K1`.
    static let k1 = 0.01
    /// SSIM's contrast constant `K2`.
    static let k2 = 0.03

    /// Measures `a` against `b`.
    ///
    /// - Throws: ``ComparisonError/sizeMismatch(width:height:otherWidth:otherHeight:)``,
    ///   ``ComparisonError/emptyImage``, ``ComparisonError/tooSmallForSSIM(width:height:window:)``.
    public static func measure(_ a: RasterImage, _ b: RasterImage) throws(ComparisonError) -> StructuralSimilarity {
        try measure(try ComparablePair(a, b))
    }

    /// Measures a prepared pair.
    static func measure(_ pair: ComparablePair) throws(ComparisonError) -> StructuralSimilarity {
        guard pair.width >= minimumSide, pair.height >= minimumSide else {
            throw .tooSmallForSSIM(width: pair.width, height: pair.height, window: minimumSide)
        }
        let channels = SSIMWindowSums.meanScores(pair, kernel: kernel)
        return StructuralSimilarity(mean: channels.reduce(0, +) / Double(channels.count), channels: channels)
    }

    /// The normalized 11-tap Gaussian, as `scipy.ndimage`'s `_gaussian_kernel1d` builds it.
    static let kernel: [Double] = {
        let taps = (-radius...radius).map { t in exp(-0.5 / (sigma * sigma) * Double(t * t)) }
        let total = taps.reduce(0, +)
        return taps.map { $0 / total }
    }()
}
