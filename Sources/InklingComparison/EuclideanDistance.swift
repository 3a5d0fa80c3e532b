/// Exact Euclidean distance transform of a binary mask (Felzenszwalb & Huttenlocher 2012,
/// "Distance Transforms of Sampled Functions"): squared distances by lower envelopes of
/// parabolas, one pass over columns, one over rows; O(pixels).
enum EuclideanDistance {
    /// Squared distance from each pixel to the nearest pixel where `mask` is true;
    /// `Double.infinity` everywhere when the mask is empty.
    static func squared(mask: [Bool], width: Int, height: Int) -> [Double] {
        let count = width * height
        var f = [Double](repeating: .infinity, count: count)
        guard count > 0 else { return f }
        let side = max(width, height)
        var column = [Double](repeating: 0, count: side)
        var out = [Double](repeating: 0, count: side)
        var v = [Int](repeating: 0, count: side)
        var z = [Double](repeating: 0, count: side + 1)
        f.withUnsafeMutableBufferPointer { f in
            mask.withUnsafeBufferPointer { mask in
                for i in 0..<count where mask[i] { f[i] = 0 }
            }
            column.withUnsafeMutableBufferPointer { column in
                out.withUnsafeMutableBufferPointer { out in
                    v.withUnsafeMutableBufferPointer { v in
                        z.withUnsafeMutableBufferPointer { z in
                            for x in 0..<width {
                                for y in 0..<height { column[y] = f[y * width + x] }
                                transform1D(column, height, out, v, z)
                                for y in 0..<height { f[y * width + x] = out[y] }
                            }
                            for y in 0..<height {
                                let row = y * width
                                for x in 0..<width { column[x] = f[row + x] }
                                transform1D(column, width, out, v, z)
                                for x in 0..<width { f[row + x] = out[x] }
                            }
                        }
                    }
                }
            }
        }
        return f
    }

    /// One-dimensional squared distance transform of the sampled function `f[0..<n]` into `d`.
    private static func transform1D(
        _ f: UnsafeMutableBufferPointer<Double>, _ n: Int, _ d: UnsafeMutableBufferPointer<Double>,
        _ v: UnsafeMutableBufferPointer<Int>, _ z: UnsafeMutableBufferPointer<Double>
    ) {
        // Finite samples only take part in the envelope; none means no feature on this line.
        var k = -1
        for q in 0..<n where f[q].isFinite {
            let fq = f[q] + Double(q * q)
            while k >= 0 {
                let p = v[k]
                let s = (fq - (f[p] + Double(p * p))) / Double(2 * (q - p))
                if s <= z[k] { k -= 1 } else {
                    k += 1; v[k] = q; z[k] = s; z[k + 1] = .infinity
                    break
                }
            }
            if k < 0 { k = 0; v[0] = q; z[0] = -.infinity; z[1] = .infinity }
        }
        guard k >= 0 else {
            for q in 0..<n { d[q] = .infinity }
            return
        }
        var j = 0
        for q in 0..<n {
            while z[j + 1] < Double(q) { j += 1 }
            let p = v[j], dq = q - p
            d[q] = Double(dq * dq) + f[p]
        }
    }
}
