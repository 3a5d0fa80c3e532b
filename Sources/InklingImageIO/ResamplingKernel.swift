/// Per-axis weights for resampling: which source samples, with which weights, make each
/// destination sample. Area averaging when shrinking, bilinear when enlarging.
struct ResamplingKernel: Sendable {
    /// For each destination index, the first source index it reads.
    let starts: [Int]
    /// For each destination index, its weights (summing to 1), for consecutive source indices.
    let weights: [[Float]]

    /// The kernel that maps `source` samples onto `destination` samples (both ≥ 1).
    init(source: Int, destination: Int) {
        var starts: [Int] = []
        var weights: [[Float]] = []
        starts.reserveCapacity(destination)
        weights.reserveCapacity(destination)
        let scale = Double(source) / Double(destination)
        for i in 0..<destination {
            if source > destination {
                // Area average: destination sample i covers [i·scale, (i+1)·scale) of the source.
                let lo = Double(i) * scale
                let hi = Double(i + 1) * scale
                let first = Int(lo.rounded(.down))
                let last = min(source - 1, Int(hi.rounded(.up)) - 1)
                var row: [Float] = []
                for j in first...max(first, last) {
                    let overlap = min(hi, Double(j + 1)) - max(lo, Double(j))
                    row.append(Float(max(0, overlap) / scale))
                }
                starts.append(first)
                weights.append(Self.normalized(row))
            } else {
                // Bilinear, pixel centres aligned: centre i + ½ sits at (i + ½)·scale in the source.
                let position = min(max((Double(i) + 0.5) * scale - 0.5, 0), Double(source - 1))
                let first = Int(position.rounded(.down))
                let fraction = position - Double(first)
                if first + 1 < source && fraction > 0 {
                    starts.append(first)
                    weights.append([Float(1 - fraction), Float(fraction)])
                } else {
                    starts.append(first)
                    weights.append([1])
                }
            }
        }
        self.starts = starts
        self.weights = weights
    }

    /// `row` scaled so its sum is exactly representable as 1 (up to Float rounding).
    private static func normalized(_ row: [Float]) -> [Float] {
        let sum = row.reduce(0, +)
        return sum > 0 ? row.map { $0 / sum } : row
    }
}
