import Foundation

/// Hatch-line directions that follow the strokes.
///
/// The structure tensor of the (blurred) line layer — gradient products gx², gx·gy, gy², blurred
/// widely — gives at every point the direction across the nearest strokes; a weak constant
/// bias towards 45° takes over far from any stroke. Hatching is laid out in square patches (two
/// grids offset by half a patch, as an artist works in small patches): each patch takes the
/// tensor direction at its centre, so its lines are straight, parallel and short.
struct HatchField {
    let cell: Int
    let cols: Int
    let rows: Int
    /// Per patch: cos and sin of the direction *across* the hatch lines, and a phase.
    var across: [(Float, Float, Float)]

    init(width: Int, height: Int, lines: Plane?, cell: Int, seed: UInt64) {
        self.cell = max(cell, 4)
        cols = width / self.cell + 3
        rows = height / self.cell + 3
        var rng = PaintRandom(seed: seed)
        var field: (Plane, Plane, Plane)?
        if let lines, width > 2, height > 2 {
            let base = lines.blurred(radius: max(1, self.cell / 8))
            var jxx = Plane(width: width, height: height), jxy = jxx, jyy = jxx
            base.values.withUnsafeBufferPointer { b in
                jxx.values.withUnsafeMutableBufferPointer { xx in
                    jxy.values.withUnsafeMutableBufferPointer { xy in
                        jyy.values.withUnsafeMutableBufferPointer { yy in
                            let (b, xx, xy, yy) = (b.baseAddress!, xx.baseAddress!, xy.baseAddress!, yy.baseAddress!)
                            Bands.forEach(height - 2) { rows in
                                for y in (rows.lowerBound + 1)..<(rows.upperBound + 1) {
                                    for x in 1..<(width - 1) {
                                        let i = y &* width &+ x
                                        let gx = b[i &+ 1] - b[i &- 1], gy = b[i &+ width] - b[i &- width]
                                        xx[i] = gx * gx; xy[i] = gx * gy; yy[i] = gy * gy
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let r = self.cell / 2
            jxx.blur(radius: r); jxy.blur(radius: r); jyy.blur(radius: r)
            field = (jxx, jxy, jyy)
        }
        var across: [(Float, Float, Float)] = []
        across.reserveCapacity(cols * rows * 2)
        let theta0 = Double.pi / 4 + rng.range(-0.2, 0.2), bias = 2e-5
        for grid in 0..<2 {
            for j in 0..<rows {
                for i in 0..<cols {
                    let off = grid == 0 ? 0.5 : 0.0
                    let cx = min(max(Int((Double(i) - 1 + off) * Double(self.cell)), 0), width - 1)
                    let cy = min(max(Int((Double(j) - 1 + off) * Double(self.cell)), 0), height - 1)
                    var a = Double(cos(theta0) * cos(theta0)) * bias, b = cos(theta0) * sin(theta0) * bias, c = sin(theta0) * sin(theta0) * bias
                    if let (jxx, jxy, jyy) = field {
                        let k = cy * width + cx
                        a += Double(jxx.values[k]); b += Double(jxy.values[k]); c += Double(jyy.values[k])
                    }
                    let theta = 0.5 * atan2(2 * b, a - c) + rng.range(-0.12, 0.12)
                    across.append((Float(cos(theta)), Float(sin(theta)), Float(rng.unit())))
                }
            }
        }
        self.across = across
    }

    /// Darkness `0 ... 1` of hatching at `(x, y)` for tone `tone` (0 none … 1 dense), with
    /// cross-hatching (perpendicular lines) above tone 0.45.
    @inline(__always)
    func darkness(_ x: Int, _ y: Int, tone: Float, period: Float) -> Float {
        guard tone > 0.04 else { return 0 }
        var best: Float = 0
        let fc = Float(cell)
        for grid in 0..<2 {
            let off: Float = grid == 0 ? 0.5 : 0
            let gx = (Float(x) / fc + (1 - off)), gy = (Float(y) / fc + (1 - off))
            let i = min(Int(gx + 0.5), cols - 1), j = min(Int(gy + 0.5), rows - 1)
            let dx = (gx - Float(i)) * fc, dy = (gy - Float(j)) * fc
            let (c, s, phase) = across[grid * cols * rows + j * cols + i]
            let u = dx * c + dy * s, v = -dx * s + dy * c
            let window = PaintContext.smoothstep(0.62, 0.34, abs(v) / fc) * PaintContext.smoothstep(0.62, 0.4, abs(u) / fc)
            if window <= 0 { continue }
            let half = period * (0.12 + 0.22 * min(tone, 1))
            var f = u / period + phase
            f -= f.rounded(.down)
            var line = min(max(half - abs(f - 0.5) * period + 0.5, 0), 1) * PaintContext.smoothstep(0.04, 0.3, tone)
            if tone > 0.45 {
                var g = v / (period * 1.15) + phase * 0.7
                g -= g.rounded(.down)
                let cross = min(max(half * 0.8 - abs(g - 0.5) * period * 1.15 + 0.5, 0), 1) * PaintContext.smoothstep(0.45, 0.8, tone)
                line = max(line, cross)
            }
            best = max(best, line * window)
        }
        return best
    }
}
