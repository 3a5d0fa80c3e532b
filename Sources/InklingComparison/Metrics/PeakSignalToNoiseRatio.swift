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
        let sums = pair.reference.pixels.withUnsafeBufferPointer { p in
            pair.candidate.pixels.withUnsafeBufferPointer { q in
                squaredErrorSums(p, q, channels: channelCount)
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

    /// Σ (p − q)² of each channel of interleaved samples, in integers.
    ///
    /// The samples are walked in blocks of `16 · channels` bytes (a whole number of pixels), as
    /// `channels` vectors of 16 samples; vector `k` adds its squares into accumulator `k`, whose
    /// lane `j` then holds sample positions `16k + j` of every block, that is channel
    /// `(16k + j) % channels`. Accumulators are emptied into 64-bit totals before their 32-bit
    /// lanes could overflow (at most 33,025 squares of 255 each).
    private static func squaredErrorSums(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>, channels: Int) -> [Int] {
        let block = 16 * channels
        var totals = [Int](repeating: 0, count: channels)
        let blocks = p.count / block
        var accumulators = [SIMD16<Int32>](repeating: .zero, count: channels)
        let pr = UnsafeRawPointer(p.baseAddress!), qr = UnsafeRawPointer(q.baseAddress!)
        var done = 0
        while done < blocks {
            let run = min(blocks - done, 32_768)
            accumulators.withUnsafeMutableBufferPointer { acc in
                for b in done..<(done + run) {
                    for k in 0..<channels {
                        let offset = b * block + 16 * k
                        let x = SIMD16<Int32>(truncatingIfNeeded: pr.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self))
                        let y = SIMD16<Int32>(truncatingIfNeeded: qr.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self))
                        let d = x &- y
                        acc[k] &+= d &* d
                    }
                }
                for k in 0..<channels {
                    for j in 0..<16 { totals[(16 * k + j) % channels] += Int(acc[k][j]) }
                    acc[k] = .zero
                }
            }
            done += run
        }
        for i in (blocks * block)..<p.count {
            let d = Int(p[i]) - Int(q[i])
            totals[i % channels] += d * d
        }
        return totals
    }
}
