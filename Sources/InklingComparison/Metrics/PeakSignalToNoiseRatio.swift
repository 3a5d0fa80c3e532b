import Foundation
import InklingImageIO

/// Peak signal-to-noise ratio of two 8-bit images, as scikit-image's `peak_signal_noise_ratio`
/// computes it for `uint8` data: `10 · log10(255² / MSE)` in decibels, the mean squared error
/// taken over every sample of every channel (alpha included).
///
/// Identical images have an MSE of 0 and a PSNR of `+∞`. The squared errors are summed in
/// integers, so the MSE is exact.
public struct PeakSignalToNoiseRatio: Sendable, Hashable {
    /// PSNR over all channels, in dB; `.infinity` for identical images.
    public var decibels: Double
    /// Mean squared error over all samples, in 8-bit units squared.
    public var meanSquaredError: Double
    /// PSNR of each channel on its own (gray; gray, alpha; R, G, B; R, G, B, alpha), in dB.
    public var channels: [Double]

    /// Measures `a` against `b` (same size; formats are unified as ``ComparablePair`` describes).
    ///
    /// - Throws: ``ComparisonError/sizeMismatch(width:height:otherWidth:otherHeight:)``,
    ///   ``ComparisonError/emptyImage``.
    public static func measure(_ a: RasterImage, _ b: RasterImage) throws(ComparisonError) -> PeakSignalToNoiseRatio {
        measure(try ComparablePair(a, b))
    }

    /// Measures a prepared pair.
    static func measure(_ pair: ComparablePair) -> PeakSignalToNoiseRatio {
        let channelCount = pair.format.channels
        var sums = [Int](repeating: 0, count: channelCount)
        pair.reference.pixels.withUnsafeBufferPointer { p in
            pair.candidate.pixels.withUnsafeBufferPointer { q in
                for c in 0..<channelCount {
                    sums[c] = squaredErrorSum(p, q, from: c, stride: channelCount)
                }
            }
        }
        let pixels = Double(pair.width * pair.height)
        let total = sums.reduce(0, +)
        let mse = Double(total) / (pixels * Double(channelCount))
        return PeakSignalToNoiseRatio(decibels: decibels(mse), meanSquaredError: mse,
                                      channels: sums.map { decibels(Double($0) / pixels) })
    }

    /// `10 · log10(255² / mse)`; `+∞` when `mse` is 0.
    static func decibels(_ mse: Double) -> Double {
        mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Σ (p − q)² over every `stride`-th sample starting at `from`, in integers.
    private static func squaredErrorSum(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>,
                                        from start: Int, stride: Int) -> Int {
        var sum = 0
        var i = start
        if stride == 1 {
            // Contiguous: 32-bit lanes vectorize; a block of 32,768 samples cannot overflow them.
            while i < p.count {
                let end = min(p.count, i + 32_768)
                var block: Int32 = 0
                for j in i..<end {
                    let d = Int32(p[j]) - Int32(q[j])
                    block &+= d * d
                }
                sum += Int(block)
                i = end
            }
            return sum
        }
        while i < p.count {
            let d = Int(p[i]) - Int(q[i])
            sum += d * d
            i += stride
        }
        return sum
    }
}
