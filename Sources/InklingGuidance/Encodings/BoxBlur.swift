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
    static func blur(_ pixels: inout [UInt8], width: Int, height: Int, sigma: Double) {
        let widths = boxWidths(sigma: sigma)
        guard widths.contains(where: { $0 > 1 }), width > 0, height > 0 else { return }
        var other = [UInt8](repeating: 0, count: pixels.count)
        var rowScratch = [UInt8](repeating: 0, count: width)
        var columnSums = [UInt32](repeating: 0, count: width)
        for w in widths where w > 1 {
            horizontal(&pixels, width: width, height: height, radius: w / 2, scratch: &rowScratch)
        }
        for w in widths where w > 1 {
            vertical(from: pixels, to: &other, width: width, height: height, radius: w / 2, sums: &columnSums)
            swap(&pixels, &other)
        }
    }

    /// One horizontal box pass of radius `r` over every row, in place.
    private static func horizontal(_ pixels: inout [UInt8], width: Int, height: Int, radius r: Int, scratch: inout [UInt8]) {
        let inv = (UInt32(1) << shift) / UInt32(2 * r + 1)
        let bias = UInt32(1) << (shift - 1)
        pixels.withUnsafeMutableBufferPointer { img in
            scratch.withUnsafeMutableBufferPointer { row in
                for y in 0..<height {
                    let line = img.baseAddress! + y * width
                    row.baseAddress!.update(from: line, count: width)
                    var sum: UInt32 = 0
                    for x in 0..<min(r, width) { sum &+= UInt32(row[x]) }
                    for x in 0..<width {
                        if x + r < width { sum &+= UInt32(row[x + r]) }
                        line[x] = UInt8(truncatingIfNeeded: (sum &* inv &+ bias) >> shift)
                        if x - r >= 0 { sum &-= UInt32(row[x - r]) }
                    }
                }
            }
        }
    }

    /// One vertical box pass of radius `r` from `src` into `dst`, sweeping rows with per-column sums.
    private static func vertical(from src: [UInt8], to dst: inout [UInt8], width: Int, height: Int, radius r: Int, sums: inout [UInt32]) {
        let inv = (UInt32(1) << shift) / UInt32(2 * r + 1)
        let bias = UInt32(1) << (shift - 1)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                sums.withUnsafeMutableBufferPointer { acc in
                    for x in 0..<width { acc[x] = 0 }
                    for y in 0..<min(r, height) {
                        let row = s.baseAddress! + y * width
                        for x in 0..<width { acc[x] &+= UInt32(row[x]) }
                    }
                    for y in 0..<height {
                        if y + r < height {
                            let add = s.baseAddress! + (y + r) * width
                            for x in 0..<width { acc[x] &+= UInt32(add[x]) }
                        }
                        let out = d.baseAddress! + y * width
                        for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (acc[x] &* inv &+ bias) >> shift) }
                        if y - r >= 0 {
                            let sub = s.baseAddress! + (y - r) * width
                            for x in 0..<width { acc[x] &-= UInt32(sub[x]) }
                        }
                    }
                }
            }
        }
    }
}
