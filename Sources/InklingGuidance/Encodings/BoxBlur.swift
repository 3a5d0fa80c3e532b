import InklingBase
import Foundation

/// A fast Gaussian-like blur of an 8-bit image: three box blurs per axis, integer arithmetic.
///
/// By the central limit theorem three successive box filters approximate a Gaussian closely;
/// the box widths are chosen (after Kovesi, "Fast almost-Gaussian filtering") so that their
/// combined variance equals `sigma²`. Each box pass is a running sum, so the cost does not
/// depend on sigma. Horizontal passes run along rows; vertical passes keep one running sum per
/// column and sweep rows top to bottom, which stays cache-friendly and vectorizes. Sums are
/// scaled by a fixed-point reciprocal (2²³ / width), which never overflows 32 bits and never
/// rounds above 255. Pixels outside the image count as black (a guidance map's background).
enum BoxBlur {
    private static let shift: UInt32 = 23

    /// Odd box widths whose three-pass variance is closest to `sigma²` (all 1 for tiny sigma).
    static func boxWidths(sigma: Double, passes n: Int = 3) -> [Int] {
        guard sigma > 0, sigma.isFinite else { return Array(repeating: 1, count: n) }
        let nd = Double(n)
        let ideal = (12 * sigma * sigma / nd + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let wl = Double(lower)
        let m = ((12 * sigma * sigma - nd * wl * wl - 4 * nd * wl - 3 * nd) / (-4 * wl - 4)).rounded()
        return (0..<n).map { Double($0) < m ? lower : upper }
    }

    /// Blurs `pixels` (`width × height`, one byte each) in place with standard deviation `sigma` pixels.
    ///
    /// Rows (horizontal passes) and then columns (vertical passes) are shared out among
    /// `workers` threads; each row or column is computed the same way whoever computes it, so
    /// the result does not depend on `workers`.
    static func blur(_ pixels: inout [UInt8], width: Int, height: Int, sigma: Double,
                     workers: Int = ActiveCores.count) {
        let radii = boxWidths(sigma: sigma).filter { $0 > 1 }.map { $0 / 2 }
        guard !radii.isEmpty, width > 0, height > 0, pixels.count == width * height else { return }
        let parts = max(1, min(workers, 16, height / 16, width / 16))
        var other = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeMutableBufferPointer { image in
            other.withUnsafeMutableBufferPointer { spare in
                let planes = Planes(image: image.baseAddress!, spare: spare.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    var scratch = [UInt8](repeating: 0, count: 2 * width)
                    let rows = (height * part / parts)..<(height * (part + 1) / parts)
                    for r in radii { horizontal(planes.image, width: width, rows: rows, radius: r, scratch: &scratch) }
                }
                for (pass, r) in radii.enumerated() {
                    let flow = pass % 2 == 0 ? planes : planes.swapped
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let columns = (width * part / parts)..<(width * (part + 1) / parts)
                        vertical(from: UnsafePointer(flow.image), to: flow.spare, width: width, height: height,
                                 columns: columns, radius: r)
                    }
                }
                if radii.count % 2 == 1 { planes.image.update(from: planes.spare, count: width * height) }
            }
        }
    }

    /// Brightens a blurred scribble so that its lines, not their crossings, reach the scribble's
    /// peak: the gain makes the median blurred value under the scribble's line cores (pixels at
    /// half its peak or more) equal to that peak, at most 16×; brighter pixels (crossings, line
    /// centres) saturate at 255. Scaling to the brightest pixel instead left lines at 86–203
    /// depending on how often the strokes crossed.
    static func brightenLines(_ pixels: inout [UInt8], scribble: [UInt8]) {
        guard let peak = scribble.max(), peak > 0 else { return }
        var histogram = [Int](repeating: 0, count: 256)
        var count = 0
        let core = (UInt16(peak) + 1) / 2
        for i in pixels.indices where UInt16(scribble[i]) >= core {
            histogram[Int(pixels[i])] += 1
            count += 1
        }
        var seen = 0
        var median = 0
        for (value, n) in histogram.enumerated() {
            seen += n
            if 2 * seen >= count {
                median = value
                break
            }
        }
        guard median > 0, median < Int(peak) else { return }
        let gain = min(Double(peak) / Double(median), 16)
        let table = (0...255).map { UInt8(min(255, (Double($0) * gain).rounded())) }
        table.withUnsafeBufferPointer { t in
            for i in pixels.indices { pixels[i] = t[Int(pixels[i])] }
        }
    }

    /// One horizontal box pass of radius `r` over `rows`, in place.
    private static func horizontal(_ image: UnsafeMutablePointer<UInt8>, width: Int, rows: Range<Int>, radius r: Int, scratch: inout [UInt8]) {
        let inv = (UInt32(1) << shift) / UInt32(2 * r + 1)
        let bias = UInt32(1) << (shift - 1)
        do {
            scratch.withUnsafeMutableBufferPointer { row in
                // Two rows at a time: their running sums are independent, so the CPU overlaps them.
                var y = rows.lowerBound
                while y < rows.upperBound {
                    let rows = min(2, rows.upperBound - y)
                    for k in 0..<rows {
                        (row.baseAddress! + k * width).update(from: image + (y + k) * width, count: width)
                    }
                    let line0 = image + y * width, line1 = image + (y + rows - 1) * width
                    let src0 = row.baseAddress!, src1 = row.baseAddress! + (rows - 1) * width
                    var sum0: UInt32 = 0, sum1: UInt32 = 0
                    for x in 0..<min(r, width) { sum0 &+= UInt32(src0[x]); sum1 &+= UInt32(src1[x]) }
                    // Window [x − r, x + r]; the three spans avoid bounds tests per pixel.
                    let head = min(r + 1, width), tailStart = max(head, width - r)
                    for x in 0..<head {
                        if x + r < width { sum0 &+= UInt32(src0[x + r]); sum1 &+= UInt32(src1[x + r]) }
                        line0[x] = UInt8(truncatingIfNeeded: (sum0 &* inv &+ bias) >> shift)
                        line1[x] = UInt8(truncatingIfNeeded: (sum1 &* inv &+ bias) >> shift)
                        if x - r >= 0 { sum0 &-= UInt32(src0[x - r]); sum1 &-= UInt32(src1[x - r]) }
                    }
                    if head < tailStart {
                        for x in head..<tailStart {
                            sum0 &+= UInt32(src0[x + r]); sum1 &+= UInt32(src1[x + r])
                            line0[x] = UInt8(truncatingIfNeeded: (sum0 &* inv &+ bias) >> shift)
                            line1[x] = UInt8(truncatingIfNeeded: (sum1 &* inv &+ bias) >> shift)
                            sum0 &-= UInt32(src0[x - r]); sum1 &-= UInt32(src1[x - r])
                        }
                    }
                    for x in tailStart..<width where x >= head {
                        if x + r < width { sum0 &+= UInt32(src0[x + r]); sum1 &+= UInt32(src1[x + r]) }
                        line0[x] = UInt8(truncatingIfNeeded: (sum0 &* inv &+ bias) >> shift)
                        line1[x] = UInt8(truncatingIfNeeded: (sum1 &* inv &+ bias) >> shift)
                        sum0 &-= UInt32(src0[x - r]); sum1 &-= UInt32(src1[x - r])
                    }
                    y += rows
                }
            }
        }
    }

    /// One vertical box pass of radius `r` over `columns`, from `src` into `dst`, sweeping
    /// rows with one running sum per column.
    private static func vertical(
        from src: UnsafePointer<UInt8>, to dst: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
        columns: Range<Int>, radius r: Int
    ) {
        let inv = (UInt32(1) << shift) / UInt32(2 * r + 1)
        let bias = UInt32(1) << (shift - 1)
        let x0 = columns.lowerBound, n = columns.count
        var sums = [UInt32](repeating: 0, count: n)
        sums.withUnsafeMutableBufferPointer { acc in
            for y in 0..<min(r, height) {
                let row = src + y * width + x0
                for x in 0..<n { acc[x] &+= UInt32(row[x]) }
            }
            for y in 0..<height {
                if y + r < height {
                    let add = src + (y + r) * width + x0
                    for x in 0..<n { acc[x] &+= UInt32(add[x]) }
                }
                let out = dst + y * width + x0
                for x in 0..<n { out[x] = UInt8(truncatingIfNeeded: (acc[x] &* inv &+ bias) >> shift) }
                if y - r >= 0 {
                    let sub = src + (y - r) * width + x0
                    for x in 0..<n { acc[x] &-= UInt32(sub[x]) }
                }
            }
        }
    }
}

/// The image and its spare plane, shared by the blur's worker threads; each thread touches
/// only its own rows or columns, and passes are separated by `concurrentPerform`'s join.
private struct Planes: @unchecked Sendable {
    let image: UnsafeMutablePointer<UInt8>
    let spare: UnsafeMutablePointer<UInt8>

    /// The same planes with their roles exchanged (for alternating passes).
    var swapped: Planes { Planes(image: spare, spare: image) }
}
