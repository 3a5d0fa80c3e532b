/// Jobs ended per second over the last minute, counted in 60 one-second buckets (bounded memory
/// however many jobs end).
struct JobThroughput: Sendable {
    private var counts = [Int](repeating: 0, count: 60)
    private var seconds = [Int](repeating: -1, count: 60)

    /// Counts one job ended at `second` (whole seconds on a monotonic clock).
    mutating func record(at second: Int) {
        let slot = second % 60
        if seconds[slot] != second {
            seconds[slot] = second
            counts[slot] = 0
        }
        counts[slot] += 1
    }

    /// Jobs per second over the 60 seconds up to `second`.
    func perSecond(at second: Int) -> Double {
        var total = 0
        for slot in 0..<60 where seconds[slot] > second - 60 && seconds[slot] <= second { total += counts[slot] }
        return Double(total) / 60
    }
}
