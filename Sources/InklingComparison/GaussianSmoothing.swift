import Foundation

/// Separable Gaussian blur of a float plane, kernel truncated at 3σ, edges clamped.
enum GaussianSmoothing {
    /// Blurs `plane` (`width × height`) in place with standard deviation `sigma` (≤ 0: no-op).
    static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = [Float](repeating: 0, count: 2 * radius + 1)
        for t in -radius...radius {
            let d = Double(t * t)
            kernel[t + radius] = Float(exp(-d / (2 * sigma * sigma)))
        }
        let total = kernel.reduce(0, +)
        for i in kernel.indices { kernel[i] /= total }
        var scratch = [Float](repeating: 0, count: plane.count)
        kernel.withUnsafeBufferPointer { k in
            plane.withUnsafeMutableBufferPointer { p in
                scratch.withUnsafeMutableBufferPointer { s in
                    // Rows: p → s.
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            var acc: Float = 0
                            for t in -radius...radius {
                                let xx = min(max(x + t, 0), width - 1)
                                acc += k[t + radius] * p[row + xx]
                            }
                            s[row + x] = acc
                        }
                    }
                    // Columns: s → p.
                    for y in 0..<height {
                        let row = y * width
                        for t in -radius...radius {
                            let yy = min(max(y + t, 0), height - 1) * width
                            let w = k[t + radius]
                            if t == -radius {
                                for x in 0..<width { p[row + x] = w * s[yy + x] }
                            } else {
                                for x in 0..<width { p[row + x] += w * s[yy + x] }
                            }
                        }
                    }
                }
            }
        }
    }
}
