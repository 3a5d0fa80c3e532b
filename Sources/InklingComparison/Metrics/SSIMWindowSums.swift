import Foundation
import InklingImageIO

/// The arithmetic behind ``StructuralSimilarity``: Gaussian-weighted local means, variances and
/// covariance of two images, and the mean of the SSIM map over the interior.
///
/// The interior (pixels at least `radius` from every edge) is split into row bands with a count
/// that depends only on the image size; bands run in parallel, each channel's band sums are
/// added in band order, so the result does not depend on the number of cores. Each band keeps
/// a ring of `2 · radius + 1` horizontally filtered rows of the five quantities x, y, x², y², xy,
/// so memory stays at a few hundred kilobytes whatever the image size.
enum SSIMWindowSums {
    /// The SSIM of each channel of `pair`, averaged over the interior.
    static func meanScores(_ pair: ComparablePair, kernel: [Double]) -> [Double] {
        let radius = kernel.count / 2
        let width = pair.width, height = pair.height, channels = pair.format.channels
        let rows = height - 2 * radius
        let bands = max(1, min(16, rows / 48))
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
        /// Width of the filtered rows: the interior columns.
        let inner: Int
        /// One source row of each quantity, full width: x, y, x², y², xy.
        var source: UnsafeMutableBufferPointer<Double>
        /// The ring: `window × 5` horizontally filtered rows, each `inner` wide.
        var ring: UnsafeMutableBufferPointer<Double>
        /// One vertically filtered row of each quantity.
        var local: UnsafeMutableBufferPointer<Double>

        init(images: Shared, c1: Double, c2: Double) {
            self.images = images
            kernel = images.kernel
            self.c1 = c1
            self.c2 = c2
            radius = kernel.count / 2
            inner = images.width - 2 * radius
            source = .allocate(capacity: 5 * images.width)
            ring = .allocate(capacity: kernel.count * 5 * inner)
            local = .allocate(capacity: 5 * inner)
        }

        func deallocate() {
            source.deallocate()
            ring.deallocate()
            local.deallocate()
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
            let x = source.baseAddress!, yv = x + w, xx = yv + w, yy = xx + w, xy = yy + w
            for i in 0..<w {
                let a = Double(images.p[base + i * stride]), b = Double(images.q[base + i * stride])
                x[i] = a; yv[i] = b; xx[i] = a * a; yy[i] = b * b; xy[i] = a * b
            }
            let out = ring.baseAddress! + slot * 5 * inner
            for quantity in 0..<5 {
                Self.convolve(source.baseAddress! + quantity * w + radius, out + quantity * inner,
                              count: inner, kernel: kernel, radius: radius)
            }
        }

        /// Vertically filters the ring rows around `centre` into ``local``.
        private func filterColumns(centre y: Int) {
            let window = kernel.count
            let ringBase = ring.baseAddress!, out = local.baseAddress!
            for quantity in 0..<5 {
                let o = out + quantity * inner
                let middle = ringBase + ((y % window) * 5 + quantity) * inner
                let k0 = kernel[radius]
                for i in 0..<inner { o[i] = k0 * middle[i] }
                for t in 1...radius {
                    let above = ringBase + (((y - t) % window) * 5 + quantity) * inner
                    let below = ringBase + (((y + t) % window) * 5 + quantity) * inner
                    let kt = kernel[radius + t]
                    for i in 0..<inner { o[i] += kt * (above[i] + below[i]) }
                }
            }
        }

        /// Σ SSIM over the row held in ``local``.
        private func scoreRow() -> Double {
            let ux = local.baseAddress!, uy = ux + inner, uxx = uy + inner, uyy = uxx + inner, uxy = uyy + inner
            var total = 0.0
            for i in 0..<inner {
                let mx = ux[i], my = uy[i]
                let vx = uxx[i] - mx * mx, vy = uyy[i] - my * my, vxy = uxy[i] - mx * my
                let numerator = (2 * mx * my + c1) * (2 * vxy + c2)
                let denominator = (mx * mx + my * my + c1) * (vx + vy + c2)
                total += numerator / denominator
            }
            return total
        }

        /// `out[i] = Σ_t k[t] · src[i + t − radius]`, folding the symmetric taps.
        @inline(__always)
        private static func convolve(_ src: UnsafeMutablePointer<Double>, _ out: UnsafeMutablePointer<Double>,
                                     count: Int, kernel: UnsafeBufferPointer<Double>, radius: Int) {
            let k0 = kernel[radius]
            for i in 0..<count { out[i] = k0 * src[i] }
            for t in 1...radius {
                let kt = kernel[radius + t]
                for i in 0..<count { out[i] += kt * (src[i - t] + src[i + t]) }
            }
        }
    }
}
