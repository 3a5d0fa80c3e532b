import Foundation

/// Exact Euclidean distance transform (Felzenszwalb & Huttenlocher, "Distance Transforms of
/// Sampled Functions", 2012) and the linear fall-off that turns it into a guidance map.
///
/// Stage 1, columns: for a binary image the 1-D squared distance along each column is just
/// the distance to the nearest "on" pixel above or below, found with a downward and an upward
/// sweep over whole rows (vectorizable). Stage 2, rows: the lower envelope of the parabolas
/// `(x − q)² + g(q)²` gives the exact 2-D squared distance in linear time. Columns farther than
/// the fall-off radius can never matter, so they are left out of the envelope, and rows with
/// no site within reach are skipped entirely.
enum DistanceTransform {
    /// Maps `coverage` (a pixel is on the stroke when ≥ 128) to `255 × max(0, 1 − d / radius)`,
    /// `d` the Euclidean distance in pixels to the nearest stroke pixel.
    static func encode(coverage: [UInt8], width: Int, height: Int, radius: Double) -> [UInt8] {
        let reach = Int(radius.rounded(.down))
        let cap = Int32(reach + 1)   // column distances beyond the radius saturate here
        var g = [Int32](repeating: cap, count: width * height)
        var out = [UInt8](repeating: 0, count: width * height)
        guard width > 0, height > 0 else { return out }

        // Stage 1: vertical distances, downward then upward sweep.
        coverage.withUnsafeBufferPointer { c in
            g.withUnsafeMutableBufferPointer { g in
                for x in 0..<width { g[x] = c[x] >= 128 ? 0 : cap }
                for y in 1..<max(height, 1) {
                    let row = y * width, above = row - width
                    for x in 0..<width { g[row + x] = c[row + x] >= 128 ? 0 : min(g[above + x] &+ 1, cap) }
                }
                if height > 1 {
                    for y in stride(from: height - 2, through: 0, by: -1) {
                        let row = y * width, below = row + width
                        for x in 0..<width { g[row + x] = min(g[row + x], g[below + x] &+ 1) }
                    }
                }
            }
        }

        // Fall-off table over integer squared distances (direct sqrt when it would be huge).
        let maxSquared = Int((radius * radius).rounded(.down))
        let table: [UInt8] = maxSquared <= 1 << 22
            ? (0...maxSquared).map { level(Double($0), radius: radius) }
            : []

        // Stage 2: lower envelope of parabolas along each row.
        var sites = [Int](repeating: 0, count: width)
        var bounds = [Double](repeating: 0, count: width + 1)
        g.withUnsafeBufferPointer { g in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * width
                    var k = -1
                    for q in 0..<width where g[row + q] < cap {
                        let fq = Double(Int(g[row + q]) * Int(g[row + q]) + q * q)
                        var s = -Double.infinity
                        while k >= 0 {
                            let v = sites[k]
                            let fv = Double(Int(g[row + v]) * Int(g[row + v]) + v * v)
                            s = (fq - fv) / Double(2 * (q - v))
                            if s <= bounds[k] { k -= 1 } else { break }
                        }
                        if k < 0 { s = -Double.infinity }
                        k += 1
                        sites[k] = q
                        bounds[k] = s
                        bounds[k + 1] = .infinity
                    }
                    guard k >= 0 else { continue }
                    var j = 0
                    for x in 0..<width {
                        while bounds[j + 1] < Double(x) { j += 1 }
                        let v = sites[j]
                        let dv = Int(g[row + v])
                        let d2 = (x - v) * (x - v) + dv * dv
                        if d2 <= maxSquared {
                            out[row + x] = table.isEmpty ? level(Double(d2), radius: radius) : table[d2]
                        }
                    }
                }
            }
        }
        return out
    }

    /// `255 × max(0, 1 − √squared / radius)`, rounded.
    static func level(_ squared: Double, radius: Double) -> UInt8 {
        UInt8((255 * max(0, 1 - squared.squareRoot() / radius)).rounded())
    }
}
