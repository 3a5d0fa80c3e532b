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
        guard radius > 0, width > 0, height > 0, passes > 0 else { return }
        var spare = [Float](repeating: 0, count: width * height)
        let (w, h) = (width, height)
        values.withUnsafeMutableBufferPointer { v in
            spare.withUnsafeMutableBufferPointer { t in
                for _ in 0..<passes {
                    Self.boxRows(from: UnsafePointer(v.baseAddress!), to: t.baseAddress!, width: w, height: h, radius: radius)
                    Self.boxColumns(from: UnsafePointer(t.baseAddress!), to: v.baseAddress!, width: w, height: h, radius: radius)
                }
            }
        }
    }

    /// A blurred copy.
    func blurred(radius: Int, passes: Int = 2) -> Plane {
        guard radius > 0, width > 0, height > 0, passes > 0 else { return self }
        var out = Plane(width: width, height: height)
        var spare = [Float](repeating: 0, count: width * height)
        let (w, h) = (width, height)
        values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { v in
                spare.withUnsafeMutableBufferPointer { t in
                    for pass in 0..<passes {
                        Self.boxRows(from: pass == 0 ? src.baseAddress! : UnsafePointer(v.baseAddress!), to: t.baseAddress!,
                                     width: w, height: h, radius: radius)
                        Self.boxColumns(from: UnsafePointer(t.baseAddress!), to: v.baseAddress!, width: w, height: h, radius: radius)
                    }
                }
            }
        }
        return out
    }

    /// One horizontal box pass of radius `r` from `src` into `dst` (distinct buffers): a
    /// running sum per row, the window clamped at the row's ends. The sum starts with the
    /// window of pixel 0 (left to right) and moves by `+ (entering − leaving)`.
    private static func boxRows(from src: UnsafePointer<Float>, to dst: UnsafeMutablePointer<Float>, width w: Int, height h: Int, radius r: Int) {
        let inv = 1 / Float(2 * r + 1)
        // x < left: the leaving pixel clamps to 0; x ≥ right: the entering one clamps to w − 1.
        let left = min(r + 1, w), right = max(left, w - r - 1)
        for y in 0..<h {
            let ln = src + y * w, out = dst + y * w
            var sum: Float = 0
            for k in -r...r { sum += ln[min(max(k, 0), w - 1)] }
            var x = 0
            while x < left {
                out[x] = sum * inv
                sum += ln[min(x + r + 1, w - 1)] - ln[0]
                x += 1
            }
            while x < right {
                out[x] = sum * inv
                sum += ln[x + r + 1] - ln[x - r]
                x += 1
            }
            while x < w {
                out[x] = sum * inv
                sum += ln[w - 1] - ln[max(x - r, 0)]
                x += 1
            }
        }
    }

    /// One vertical box pass of radius `r` from `src` into `dst` (distinct buffers): a running
    /// sum per column, rows walked top to bottom, the window clamped at the top and bottom.
    private static func boxColumns(from src: UnsafePointer<Float>, to dst: UnsafeMutablePointer<Float>, width w: Int, height h: Int, radius r: Int) {
        let inv = 1 / Float(2 * r + 1)
        let acc = UnsafeMutablePointer<Float>.allocate(capacity: w)
        defer { acc.deallocate() }
        acc.initialize(repeating: 0, count: w)
        for k in -r...r {
            let row = src + min(max(k, 0), h - 1) * w
            for x in 0..<w { acc[x] += row[x] }
        }
        for y in 0..<h {
            let out = dst + y * w
            let add = src + min(y + r + 1, h - 1) * w, sub = src + max(y - r, 0) * w
            for x in 0..<w {
                out[x] = acc[x] * inv
                acc[x] += add[x] - sub[x]
            }
        }
    }

    /// Grey-scale dilation (maximum over a `(2r+1)²` square, clamped at the edges, and at
    /// least 0), separable; each direction in O(1) per pixel (van Herk / Gil–Werman: the
    /// maximum over a window of `2r + 1` is that of a block suffix and the next block's prefix).
    mutating func dilate(radius: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        let w = width, h = height, r = radius, k = 2 * r + 1
        var tmp = [Float](repeating: 0, count: w * h)
        values.withUnsafeMutableBufferPointer { v in
            tmp.withUnsafeMutableBufferPointer { t in
                // Rows: a padded copy of the row (zeros beyond its ends), then prefix and suffix maxima per block.
                let n = w + 2 * r
                let padded = UnsafeMutablePointer<Float>.allocate(capacity: 3 * n)
                defer { padded.deallocate() }
                let prefix = padded + n, suffix = padded + 2 * n
                padded.initialize(repeating: 0, count: 3 * n)
                for y in 0..<h {
                    let row = v.baseAddress! + y * w
                    for x in 0..<w { padded[r + x] = row[x] }
                    Self.blockMaxima(padded, count: n, block: k, prefix: prefix, suffix: suffix)
                    let out = t.baseAddress! + y * w
                    for x in 0..<w { out[x] = Self.larger(suffix[x], prefix[x + k - 1]) }
                }
                // Columns: the same along y, whole rows at a time.
                let m = h + 2 * r
                let pre = UnsafeMutablePointer<Float>.allocate(capacity: m * w)
                let suf = UnsafeMutablePointer<Float>.allocate(capacity: m * w)
                defer { pre.deallocate(); suf.deallocate() }
                func source(_ y: Int) -> UnsafePointer<Float>? {
                    let sy = y - r
                    return sy >= 0 && sy < h ? UnsafePointer(t.baseAddress! + sy * w) : nil
                }
                var start = 0
                while start < m {
                    let end = min(start + k, m)
                    for y in start..<end {
                        let p = pre + y * w
                        if let s = source(y) {
                            if y == start { for x in 0..<w { p[x] = Self.larger(0, s[x]) } }
                            else { let q = p - w; for x in 0..<w { p[x] = Self.larger(q[x], s[x]) } }
                        } else {
                            if y == start { for x in 0..<w { p[x] = 0 } } else { (p).update(from: p - w, count: w) }
                        }
                    }
                    for y in stride(from: end - 1, through: start, by: -1) {
                        let p = suf + y * w
                        if let s = source(y) {
                            if y == end - 1 { for x in 0..<w { p[x] = Self.larger(0, s[x]) } }
                            else { let q = p + w; for x in 0..<w { p[x] = Self.larger(q[x], s[x]) } }
                        } else {
                            if y == end - 1 { for x in 0..<w { p[x] = 0 } } else { p.update(from: p + w, count: w) }
                        }
                    }
                    start = end
                }
                for y in 0..<h {
                    let out = v.baseAddress! + y * w, s = suf + y * w, p = pre + (y + k - 1) * w
                    for x in 0..<w { out[x] = Self.larger(s[x], p[x]) }
                }
            }
        }
    }

    /// Prefix and suffix maxima (from 0) of `values[0 ..< count]` within blocks of `block`.
    private static func blockMaxima(_ values: UnsafePointer<Float>, count: Int, block: Int,
                                    prefix: UnsafeMutablePointer<Float>, suffix: UnsafeMutablePointer<Float>) {
        var start = 0
        while start < count {
            let end = min(start + block, count)
            var m: Float = 0
            for i in start..<end { m = larger(m, values[i]); prefix[i] = m }
            m = 0
            for i in stride(from: end - 1, through: start, by: -1) { m = larger(m, values[i]); suffix[i] = m }
            start = end
        }
    }

    /// `b` when it is greater than `a`, else `a` (a NaN never wins; 0 keeps its sign).
    @inline(__always)
    private static func larger(_ a: Float, _ b: Float) -> Float { b > a ? b : a }

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
