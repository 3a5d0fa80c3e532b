import Foundation
import InklingImageIO

/// The arithmetic behind ``StructuralSimilarity``: Gaussian-weighted local means, variances and
/// covariance of two images, and the mean of the SSIM map over the interior.
///
/// The interior (pixels at least `radius` from every edge) is split into row bands with a count
/// that depends only on the image size; bands run in parallel, each channel's band sums are
/// added in band order, so the result does not depend on the number of cores. Each band keeps
/// a ring of `2 · radius + 1` horizontally filtered rows of four quantities: x, y, x² + y² and
/// xy (SSIM uses the variances only as their sum σx² + σy², so one filter serves both), so
/// memory stays at a few hundred kilobytes whatever the image size.
///
/// Precision: everything runs in `Double`, on samples centred at 128 (which halves the
/// magnitudes whose squares cancel in σ² = E[x²] − E[x]²). `Float` would double the SIMD lanes
/// but leaves errors of up to 3e-5 in flat bright regions such as blank paper (255 against 254),
/// too close to the 1e-4 the project promises; in `Double` the agreement with scikit-image is
/// about 1e-15.
enum SSIMWindowSums {
    /// The SSIM of each channel of `pair`, averaged over the interior.
    static func meanScores(_ pair: ComparablePair, kernel: [Double]) -> [Double] {
        let radius = kernel.count / 2
        let width = pair.width, height = pair.height, channels = pair.format.channels
        let rows = height - 2 * radius
        let bands = max(1, min(8, rows / 96))
        let c1 = pow(StructuralSimilarity.k1 * 255, 2), c2 = pow(StructuralSimilarity.k2 * 255, 2)
        // sums[band * channels + c]: Σ SSIM over the band's interior pixels of channel c.
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: bands * channels)
        sums.initialize(repeating: 0)
        defer { sums.deallocate() }
        pair.reference.pixels.withUnsafeBufferPointer { p in
            pair.candidate.pixels.withUnsafeBufferPointer { q in
                kernel.withUnsafeBufferPointer { k in
                    let shared = Shared(p: p, q: q, kernel: k, sums: sums, width: width, height: height, channels: channels)
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        let first = radius + band * rows / bands
                        let last = radius + (band + 1) * rows / bands
                        var worker = BandWorker(images: shared, c1: c1, c2: c2)
                        for c in 0..<channels {
                            // Each band writes only its own slots.
                            shared.sums[band * channels + c] = worker.sum(channel: c, rows: first..<last)
                        }
                        worker.deallocate()
                    }
                }
            }
        }
        let count = Double(rows * (width - 2 * radius))
        return (0..<channels).map { c in
            var total = 0.0
            for band in 0..<bands { total += sums[band * channels + c] }
            return total / count
        }
    }

    /// What the bands share: the two images' interleaved samples and the kernel (read only),
    /// and the band sums (each band writes its own slots).
    struct Shared: @unchecked Sendable {
        let p: UnsafeBufferPointer<UInt8>
        let q: UnsafeBufferPointer<UInt8>
        let kernel: UnsafeBufferPointer<Double>
        let sums: UnsafeMutableBufferPointer<Double>
        let width: Int
        let height: Int
        let channels: Int
    }

    /// One band's scratch rows and the arithmetic over them.
    struct BandWorker {
        let images: Shared
        let kernel: UnsafeBufferPointer<Double>
        let c1: Double
        let c2: Double
        let radius: Int
        /// Filtered quantities per pixel: x, y, x² + y², xy.
        static let quantities = 4
        /// Width of the filtered rows: the interior columns.
        let inner: Int
        /// One source row of each quantity, full width: x, y, x² + y², xy.
        var source: UnsafeMutableBufferPointer<Double>
        /// The ring: `window × quantities` horizontally filtered rows, each `inner` wide.
        var ring: UnsafeMutableBufferPointer<Double>
        /// One vertically filtered row of each quantity.
        var local: UnsafeMutableBufferPointer<Double>
        /// One row of the SSIM map.
        var scores: UnsafeMutableBufferPointer<Double>

        init(images: Shared, c1: Double, c2: Double) {
            self.images = images
            kernel = images.kernel
            self.c1 = c1
            self.c2 = c2
            radius = kernel.count / 2
            inner = images.width - 2 * radius
            source = .allocate(capacity: Self.quantities * images.width)
            ring = .allocate(capacity: kernel.count * Self.quantities * inner)
            local = .allocate(capacity: Self.quantities * inner)
            scores = .allocate(capacity: inner)
        }

        func deallocate() {
            source.deallocate()
            ring.deallocate()
            local.deallocate()
            scores.deallocate()
        }

        /// Σ SSIM over `rows` (interior rows) of channel `c`.
        mutating func sum(channel c: Int, rows: Range<Int>) -> Double {
            let window = kernel.count
            for y in (rows.lowerBound - radius)..<(rows.lowerBound + radius) {
                filterRow(y, channel: c, into: y % window)
            }
            var total = 0.0
            for y in rows {
                filterRow(y + radius, channel: c, into: (y + radius) % window)
                filterColumns(centre: y)
                total += scoreRow()
            }
            return total
        }

        /// Horizontally filters source row `y` of channel `c` into ring slot `slot`.
        private func filterRow(_ y: Int, channel c: Int, into slot: Int) {
            let w = images.width, stride = images.channels, base = y * w * stride + c
            let x = source.baseAddress!, yv = x + w, squares = yv + w, xy = squares + w
            for i in 0..<w {
                let a = Double(images.p[base + i * stride]) - 128, b = Double(images.q[base + i * stride]) - 128
                x[i] = a; yv[i] = b; squares[i] = a * a + b * b; xy[i] = a * b
            }
            let out = ring.baseAddress! + slot * Self.quantities * inner
            for quantity in 0..<Self.quantities {
                Self.convolve(source.baseAddress! + quantity * w + radius, out + quantity * inner,
                              count: inner, kernel: kernel, radius: radius)
            }
        }

        /// Vertically filters the ring rows around `centre` into ``local``.
        private func filterColumns(centre y: Int) {
            let window = kernel.count, stride = Self.quantities * inner
            // Row `y + t` of quantity 0; quantity q lies q · inner further on.
            let rows = (-radius...radius).map { t in UnsafePointer(ring.baseAddress! + ((y + t) % window) * stride) }
            for quantity in 0..<Self.quantities {
                Self.weightedSum(rows, offset: quantity * inner, into: local.baseAddress! + quantity * inner,
                                 count: inner, kernel: kernel)
            }
        }

        /// Σ SSIM over the row held in ``local``: the map into ``scores`` (a loop without a
        /// running sum, so it vectorizes, divisions included), then four interleaved partial sums.
        private func scoreRow() -> Double {
            let ux = local.baseAddress!, uy = ux + inner, squares = uy + inner, uxy = squares + inner
            let out = scores.baseAddress!
            for i in 0..<inner {
                // Centred means give the variances; the luminance term needs the true means.
                let cx = ux[i], cy = uy[i]
                let variances = squares[i] - cx * cx - cy * cy, covariance = uxy[i] - cx * cy
                let mx = cx + 128, my = cy + 128
                out[i] = ((2 * mx * my + c1) * (2 * covariance + c2)) / ((mx * mx + my * my + c1) * (variances + c2))
            }
            var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
            var i = 0
            while i + 4 <= inner {
                s0 += out[i]; s1 += out[i + 1]; s2 += out[i + 2]; s3 += out[i + 3]
                i += 4
            }
            while i < inner { s0 += out[i]; i += 1 }
            return (s0 + s1) + (s2 + s3)
        }

        /// `out[i] = Σ_t k[t] · src[i + t − radius]`: the 11 taps in one pass, symmetric pairs folded.
        @inline(__always)
        private static func convolve(_ src: UnsafeMutablePointer<Double>, _ out: UnsafeMutablePointer<Double>,
                                     count: Int, kernel: UnsafeBufferPointer<Double>, radius: Int) {
            precondition(radius == 5, "the window is fixed at 11 taps")
            let k0 = kernel[5], k1 = kernel[6], k2 = kernel[7], k3 = kernel[8], k4 = kernel[9], k5 = kernel[10]
            for i in 0..<count {
                let s = src + i
                out[i] = k0 * s[0] + k1 * (s[-1] + s[1]) + k2 * (s[-2] + s[2]) + k3 * (s[-3] + s[3])
                    + k4 * (s[-4] + s[4]) + k5 * (s[-5] + s[5])
            }
        }

        /// `out[i] = Σ_t k[t] · rows[t][offset + i]` over 11 rows, symmetric pairs folded.
        @inline(__always)
        private static func weightedSum(_ rows: [UnsafePointer<Double>], offset: Int, into out: UnsafeMutablePointer<Double>,
                                        count: Int, kernel: UnsafeBufferPointer<Double>) {
            precondition(rows.count == 11, "the window is fixed at 11 taps")
            let k0 = kernel[5], k1 = kernel[6], k2 = kernel[7], k3 = kernel[8], k4 = kernel[9], k5 = kernel[10]
            let r0 = rows[0] + offset, r1 = rows[1] + offset, r2 = rows[2] + offset, r3 = rows[3] + offset
            let r4 = rows[4] + offset, r5 = rows[5] + offset, r6 = rows[6] + offset, r7 = rows[7] + offset
            let r8 = rows[8] + offset, r9 = rows[9] + offset, r10 = rows[10] + offset
            for i in 0..<count {
                out[i] = k0 * r5[i] + k1 * (r4[i] + r6[i]) + k2 * (r3[i] + r7[i]) + k3 * (r2[i] + r8[i])
                    + k4 * (r1[i] + r9[i]) + k5 * (r0[i] + r10[i])
            }
        }
    }
}
