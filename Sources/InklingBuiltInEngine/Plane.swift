/// A single-channel `Float` image (masks, coverage, noise) with the whole-image operations the
/// painters share: box blur (running sums, O(1) per pixel per pass), dilation and bilinear
/// sampling. The whole-image operations run in ``Bands`` (the result does not depend on them).
struct Plane {
    let width: Int
    let height: Int
    var values: FloatBuffer

    /// A plane filled with `value`.
    init(width: Int, height: Int, value: Float = 0) {
        self.width = width
        self.height = height
        values = FloatBuffer(repeating: value, count: width * height)
    }

    /// A plane of `bytes / 255` (a gray image of `width × height` bytes).
    init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        values = bytes.withUnsafeBufferPointer { bytes in FloatBuffer(count: bytes.count) { Float(bytes[$0]) * (1 / 255) } }
    }

    /// Whether every value is zero.
    var isZero: Bool { !values.contains { $0 != 0 } }

    /// Box-blurs with radius `radius` `passes` times (3 passes ≈ a Gaussian of σ ≈ radius).
    /// Edges clamp.
    mutating func blur(radius: Int, passes: Int = 2) {
        guard radius > 0, width > 0, height > 0, passes > 0 else { return }
        var spare = FloatBuffer(unspecified: width * height)
        let (w, h) = (width, height)
        values.withUnsafeMutableBufferPointer { v in
            spare.withUnsafeMutableBufferPointer { t in
                for _ in 0..<passes {
                    Self.boxPass(from: UnsafePointer(v.baseAddress!), via: t.baseAddress!, to: v.baseAddress!, width: w, height: h, radius: radius)
                }
            }
        }
    }

    /// A blurred copy.
    func blurred(radius: Int, passes: Int = 2) -> Plane {
        guard radius > 0, width > 0, height > 0, passes > 0 else { return self }
        var out = Plane(width: width, height: height)
        var spare = FloatBuffer(unspecified: width * height)
        let (w, h) = (width, height)
        values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { v in
                spare.withUnsafeMutableBufferPointer { t in
                    for pass in 0..<passes {
                        Self.boxPass(from: pass == 0 ? src.baseAddress! : UnsafePointer(v.baseAddress!), via: t.baseAddress!,
                                     to: v.baseAddress!, width: w, height: h, radius: radius)
                    }
                }
            }
        }
        return out
    }

    /// One box pass: rows from `src` into `spare`, then columns from `spare` into `dst` (which
    /// may be `src`), each in bands.
    private static func boxPass(from src: UnsafePointer<Float>, via spare: UnsafeMutablePointer<Float>, to dst: UnsafeMutablePointer<Float>,
                                width w: Int, height h: Int, radius r: Int) {
        Bands.forEach(h) { rows in boxRows(from: src, to: spare, width: w, rows: rows, radius: r) }
        Bands.forEach(w, grain: 64) { columns in
            boxColumns(from: UnsafePointer(spare), to: dst, width: w, height: h, columns: columns, radius: r)
        }
    }

    /// One horizontal box pass of radius `r` from `src` into `dst` (distinct buffers): a
    /// running sum per row, the window clamped at the row's ends. The sum starts with the
    /// window of pixel 0 (left to right) and moves by `+ (entering − leaving)`. Between the
    /// clamped ends four rows advance together (four independent sums in flight).
    private static func boxRows(from src: UnsafePointer<Float>, to dst: UnsafeMutablePointer<Float>, width w: Int, rows: Range<Int>,
                                radius r: Int) {
        let inv = 1 / Float(2 * r + 1)
        // x < left: the leaving pixel clamps to 0; x ≥ right: the entering one clamps to w − 1.
        let left = min(r + 1, w), right = max(left, w - r - 1)
        let h = rows.upperBound
        var y = rows.lowerBound
        while y + 4 <= h {
            let l0 = src + y * w, l1 = l0 + w, l2 = l1 + w, l3 = l2 + w
            let o0 = dst + y * w, o1 = o0 + w, o2 = o1 + w, o3 = o2 + w
            var s0 = rowStart(l0, o0, w, r, left, inv), s1 = rowStart(l1, o1, w, r, left, inv)
            var s2 = rowStart(l2, o2, w, r, left, inv), s3 = rowStart(l3, o3, w, r, left, inv)
            var x = left
            while x < right {
                o0[x] = s0 * inv; o1[x] = s1 * inv; o2[x] = s2 * inv; o3[x] = s3 * inv
                s0 += l0[x + r + 1] - l0[x - r]
                s1 += l1[x + r + 1] - l1[x - r]
                s2 += l2[x + r + 1] - l2[x - r]
                s3 += l3[x + r + 1] - l3[x - r]
                x += 1
            }
            rowEnd(l0, o0, w, r, right, inv, s0); rowEnd(l1, o1, w, r, right, inv, s1)
            rowEnd(l2, o2, w, r, right, inv, s2); rowEnd(l3, o3, w, r, right, inv, s3)
            y += 4
        }
        while y < h {
            let ln = src + y * w, out = dst + y * w
            var sum = rowStart(ln, out, w, r, left, inv)
            var x = left
            while x < right {
                out[x] = sum * inv
                sum += ln[x + r + 1] - ln[x - r]
                x += 1
            }
            rowEnd(ln, out, w, r, right, inv, sum)
            y += 1
        }
    }

    /// The start of a row's running sum: the window of pixel 0, then pixels `0 ..< left`
    /// written; returns the sum for pixel `left`.
    @inline(__always)
    private static func rowStart(_ ln: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ w: Int, _ r: Int, _ left: Int,
                                 _ inv: Float) -> Float {
        var sum: Float = 0
        for k in -r...r { sum += ln[min(max(k, 0), w - 1)] }
        var x = 0
        while x < left {
            out[x] = sum * inv
            sum += ln[min(x + r + 1, w - 1)] - ln[0]
            x += 1
        }
        return sum
    }

    /// The end of a row's running sum: pixels `right ..< w` from the sum at `right`.
    @inline(__always)
    private static func rowEnd(_ ln: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ w: Int, _ r: Int, _ right: Int,
                               _ inv: Float, _ start: Float) {
        var sum = start, x = right
        while x < w {
            out[x] = sum * inv
            sum += ln[w - 1] - ln[max(x - r, 0)]
            x += 1
        }
    }

    /// One vertical box pass of radius `r` over `columns`, from `src` into `dst` (distinct
    /// buffers): a running sum per column, rows walked top to bottom, the window clamped at the
    /// top and bottom.
    private static func boxColumns(from src: UnsafePointer<Float>, to dst: UnsafeMutablePointer<Float>, width w: Int, height h: Int,
                                   columns: Range<Int>, radius r: Int) {
        let inv = 1 / Float(2 * r + 1)
        let x0 = columns.lowerBound, n = columns.count
        let acc = UnsafeMutablePointer<Float>.allocate(capacity: n)
        defer { acc.deallocate() }
        acc.initialize(repeating: 0, count: n)
        for k in -r...r {
            let row = src + min(max(k, 0), h - 1) * w + x0
            for x in 0..<n { acc[x] += row[x] }
        }
        for y in 0..<h {
            let out = dst + y * w + x0
            let add = src + min(y + r + 1, h - 1) * w + x0, sub = src + max(y - r, 0) * w + x0
            for x in 0..<n {
                out[x] = acc[x] * inv
                acc[x] += add[x] - sub[x]
            }
        }
    }

    /// Grey-scale dilation (maximum over a `(2r+1)²` square, clamped at the edges, and at
    /// least 0: a NaN counts as 0), separable. Each direction doubles a running window
    /// (max over 1, 2, 4 … values) and covers the `2r + 1` with two overlapping windows, whole
    /// rows at a time (which vectorizes); the maximum does not depend on the grouping.
    mutating func dilate(radius: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        let w = width, h = height, r = radius, k = 2 * r + 1
        // Columns: the rows with r zero rows above and below (`plane`), and a spare of the same size.
        let rows = h + 2 * r
        var scratch = FloatBuffer(repeating: 0, count: 2 * rows * w)
        scratch.withUnsafeMutableBufferPointer { scratch in
            values.withUnsafeMutableBufferPointer { buffer in
                let v = buffer.baseAddress!, plane = scratch.baseAddress!, spare = plane + rows * w
                Bands.forEach(h) { band in
                    // Rows: each row with r zeros at either end, and a spare.
                    let length = w + 2 * r
                    let row = UnsafeMutablePointer<Float>.allocate(capacity: 2 * length)
                    defer { row.deallocate() }
                    row.initialize(repeating: 0, count: 2 * length)
                    for y in band {
                        let src = v + y * w, padded = row + r
                        // The passes of the previous row overwrote the zeros too.
                        for x in 0..<r { row[x] = 0; padded[w + x] = 0 }
                        for x in 0..<w { padded[x] = Self.larger(0, src[x]) }
                        let (m, span) = Self.windowMaxima(row, spare: row + length, count: length, stride: 1, window: k)
                        let out = plane + (r + y) * w
                        for x in 0..<w { out[x] = Self.larger(m[x], m[x + k - span]) }
                    }
                }
                let (m, span) = Self.windowMaxima(plane, spare: spare, count: rows * w, stride: w, window: k)
                let shifted = m + (k - span) * w
                Bands.forEach(w * h, grain: 4096) { band in
                    for i in band { v[i] = Self.larger(m[i], shifted[i]) }
                }
            }
        }
    }

    /// Doubles windows over `values[0 ..< count]` (elements `stride` apart are neighbours) until
    /// the next doubling would exceed `window`: returns the buffer (`values` or `spare`) whose
    /// element i is the maximum of the `span` neighbours from i on, and `span`
    /// (`window / 2 < span ≤ window`). Both buffers are overwritten; the values must not be NaN.
    /// Long arrays (whole planes) are doubled in bands.
    private static func windowMaxima(_ values: UnsafeMutablePointer<Float>, spare: UnsafeMutablePointer<Float>, count: Int,
                                     stride: Int, window: Int) -> (UnsafeMutablePointer<Float>, Int) {
        var (src, dst) = (values, spare)
        var span = 1
        while span * 2 <= window {
            let offset = span * stride
            let (from, next, to) = (UnsafePointer(src), UnsafePointer(src + offset), dst)
            if count >= 1 << 16 {
                Bands.forEach(count - offset, grain: 4096) { band in
                    for i in band { to[i] = larger(from[i], next[i]) }
                }
            } else {
                for i in 0..<(count - offset) { to[i] = larger(from[i], next[i]) }
            }
            (src, dst) = (dst, src)
            span *= 2
        }
        return (src, span)
    }

    /// `b` when it is greater than `a`, else `a` (a NaN never wins; 0 keeps its sign).
    @inline(__always)
    private static func larger(_ a: Float, _ b: Float) -> Float { b > a ? b : a }

    /// Bilinear sample at pixel-centre coordinates `(x, y)`, clamped at the edges.
    @inline(__always)
    func sample(_ v: UnsafeBufferPointer<Float>, _ x: Float, _ y: Float) -> Float {
        let fx = min(max(x, 0), Float(width - 1)), fy = min(max(y, 0), Float(height - 1))
        // In range once clamped (a NaN traps, as it always did).
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 &+ 1, width &- 1), y1 = min(y0 &+ 1, height &- 1)
        let tx = fx - Float(x0), ty = fy - Float(y0)
        let p = v.baseAddress!, r0 = y0 &* width, r1 = y1 &* width
        let a = p[r0 &+ x0] + (p[r0 &+ x1] - p[r0 &+ x0]) * tx
        let b = p[r1 &+ x0] + (p[r1 &+ x1] - p[r1 &+ x0]) * tx
        return a + (b - a) * ty
    }
}
