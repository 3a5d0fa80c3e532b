/// Splits shaped samples into pieces (between corners) and runs (of equal quantized level).
enum OutlineRuns {
    /// Calls `body(level, a, b, lo, hi)` for every run `a ... b` of the piece `lo ... hi`, in
    /// order along the stroke; `level(i)` is the quantized level of sample `i`, and a run takes
    /// the level of its first sample.
    @inline(__always)
    static func forEach(
        _ s: UnsafeBufferPointer<OutlineSample>, corners: [Int], level: (Int) -> Int,
        _ body: (_ level: Int, _ a: Int, _ b: Int, _ lo: Int, _ hi: Int) -> Void
    ) {
        var lo = 0
        var cornerIndex = 0
        let last = s.count - 1
        while lo < last {
            let hi = cornerIndex < corners.count ? corners[cornerIndex] : last
            cornerIndex += 1
            var a = lo
            while a < hi {
                let runLevel = level(a)
                var b = a + 1
                while b < hi && level(b) == runLevel { b += 1 }
                body(runLevel, a, b, lo, hi)
                a = b
            }
            lo = hi
        }
    }
}
