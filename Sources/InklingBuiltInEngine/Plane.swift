/// A single-channel `Float` image (masks, coverage, noise) with the whole-image operations the
/// painters share: box blur (running sums, O(1) per pixel per pass), dilation and bilinear
/// sampling.
struct Plane {
    let width: Int
    let height: Int
    var values: [Float]

    /// A plane filled with `value`.
    init(width: Int, height: Int, value: Float = 0) {
        self.width = width
        self.height = height
        values = [Float](repeating: value, count: width * height)
    }

    /// A plane of `bytes / 255` (a gray image).
    init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        values = bytes.map { Float($0) * (1 / 255) }
    }

    /// Whether every value is zero.
    var isZero: Bool { !values.contains { $0 != 0 } }

    /// Box-blurs with radius `radius` `passes` times (3 passes ≈ a Gaussian of σ ≈ radius).
    /// Edges clamp.
    mutating func blur(radius: Int, passes: Int = 2) {
        guard radius > 0, width > 0, height > 0 else { return }
        let w = width, h = height, r = radius
        let inv = 1 / Float(2 * r + 1)
        var line = [Float](repeating: 0, count: max(w, h))
        var acc = [Float](repeating: 0, count: w)
        var copy = [Float](repeating: 0, count: w * h)
        values.withUnsafeMutableBufferPointer { v in
            line.withUnsafeMutableBufferPointer { ln in
                copy.withUnsafeMutableBufferPointer { src in
                    acc.withUnsafeMutableBufferPointer { acc in
                        for _ in 0..<passes {
                            // Horizontal: running sum per row.
                            for y in 0..<h {
                                let row = y * w
                                for x in 0..<w { ln[x] = v[row + x] }
                                var sum: Float = 0
                                for k in -r...r { sum += ln[min(max(k, 0), w - 1)] }
                                for x in 0..<w {
                                    v[row + x] = sum * inv
                                    sum += ln[min(x + r + 1, w - 1)] - ln[max(x - r, 0)]
                                }
                            }
                            // Vertical: a running sum per column, walking rows.
                            for i in 0..<(w * h) { src[i] = v[i] }
                            for x in 0..<w { acc[x] = 0 }
                            for k in -r...r {
                                let row = min(max(k, 0), h - 1) * w
                                for x in 0..<w { acc[x] += src[row + x] }
                            }
                            for y in 0..<h {
                                let row = y * w
                                let add = min(y + r + 1, h - 1) * w, sub = max(y - r, 0) * w
                                for x in 0..<w {
                                    v[row + x] = acc[x] * inv
                                    acc[x] += src[add + x] - src[sub + x]
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A blurred copy.
    func blurred(radius: Int, passes: Int = 2) -> Plane {
        var copy = self
        copy.blur(radius: radius, passes: passes)
        return copy
    }

    /// Grey-scale dilation (maximum over a `(2r+1)²` square), separable.
    mutating func dilate(radius: Int) {
        guard radius > 0 else { return }
        let w = width, h = height, r = radius
        var tmp = values
        values.withUnsafeMutableBufferPointer { v in
            tmp.withUnsafeMutableBufferPointer { t in
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w {
                        var m: Float = 0
                        for k in max(x - r, 0)...min(x + r, w - 1) where v[row + k] > m { m = v[row + k] }
                        t[row + x] = m
                    }
                }
                for y in 0..<h {
                    let lo = max(y - r, 0), hi = min(y + r, h - 1)
                    for x in 0..<w {
                        var m: Float = 0
                        for k in lo...hi where t[k * w + x] > m { m = t[k * w + x] }
                        v[y * w + x] = m
                    }
                }
            }
        }
    }

    /// Bilinear sample at pixel-centre coordinates `(x, y)`, clamped at the edges.
    @inline(__always)
    func sample(_ v: UnsafeBufferPointer<Float>, _ x: Float, _ y: Float) -> Float {
        let fx = min(max(x, 0), Float(width - 1)), fy = min(max(y, 0), Float(height - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let tx = fx - Float(x0), ty = fy - Float(y0)
        let a = v[y0 * width + x0] + (v[y0 * width + x1] - v[y0 * width + x0]) * tx
        let b = v[y1 * width + x0] + (v[y1 * width + x1] - v[y1 * width + x0]) * tx
        return a + (b - a) * ty
    }
}
