/// Otsu's threshold on non-negative values: the split that maximises between-class variance
/// over a 256-bin histogram spanning `0 ... max`.
enum OtsuThreshold {
    /// The threshold for `values` (0 when they are all equal or empty).
    static func threshold(_ values: UnsafeBufferPointer<Float>) -> Float {
        var peak: Float = 0
        for v in values where v > peak { peak = v }
        guard peak > 0 else { return 0 }
        var histogram = [Double](repeating: 0, count: 256)
        let scale = 255 / peak
        for v in values { histogram[min(255, Int(v * scale))] += 1 }
        let total = Double(values.count)
        var sumAll = 0.0
        for i in 0..<256 { sumAll += Double(i) * histogram[i] }
        var weightBelow = 0.0, sumBelow = 0.0, best = -1.0, bestBin = 0
        for i in 0..<255 {
            weightBelow += histogram[i]
            sumBelow += Double(i) * histogram[i]
            let weightAbove = total - weightBelow
            guard weightBelow > 0, weightAbove > 0 else { continue }
            let meanBelow = sumBelow / weightBelow, meanAbove = (sumAll - sumBelow) / weightAbove
            let between = weightBelow * weightAbove * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best { best = between; bestBin = i }
        }
        return Float(bestBin + 1) / scale
    }
}
