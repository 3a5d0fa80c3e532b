/// Seeded value noise: random values on a coarse lattice, smoothly (smoothstep) interpolated;
/// octaves add detail. Used for displacement, paper fibre, wash granulation.
enum Noise {
    /// Value noise in `-1 ... 1` with lattice spacing `cell` pixels; `stretchX` > 1 elongates
    /// features horizontally (paper fibre).
    static func value(width: Int, height: Int, cell: Double, seed: UInt64, stretchX: Double = 1) -> Plane {
        var plane = Plane(width: width, height: height)
        let cx = max(cell * stretchX, 1), cy = max(cell, 1)
        let gw = Int(Double(width) / cx) + 3, gh = Int(Double(height) / cy) + 3
        var rng = PaintRandom(seed: seed)
        let lattice = (0..<(gw * gh)).map { _ in Float(rng.unit() * 2 - 1) }
        // Per-column lattice index and smoothed weight, computed once.
        var xi = [Int](repeating: 0, count: width), xt = [Float](repeating: 0, count: width)
        for x in 0..<width {
            let f = (Double(x) + 0.5) / cx
            xi[x] = Int(f)
            let t = Float(f - Double(Int(f)))
            xt[x] = t * t * (3 - 2 * t)
        }
        plane.values.withUnsafeMutableBufferPointer { v in
            lattice.withUnsafeBufferPointer { g in
                for y in 0..<height {
                    let f = (Double(y) + 0.5) / cy
                    let yi = Int(f)
                    var ty = Float(f - Double(yi))
                    ty = ty * ty * (3 - 2 * ty)
                    let r0 = yi * gw, r1 = (yi + 1) * gw
                    let row = y * width
                    for x in 0..<width {
                        let i = xi[x], t = xt[x]
                        let a = g[r0 + i] + (g[r0 + i + 1] - g[r0 + i]) * t
                        let b = g[r1 + i] + (g[r1 + i + 1] - g[r1 + i]) * t
                        v[row + x] = a + (b - a) * ty
                    }
                }
            }
        }
        return plane
    }

    /// Fractal sum of `octaves` value-noise layers (each half the cell, half the amplitude),
    /// normalised to about `-1 ... 1`.
    static func fractal(width: Int, height: Int, cell: Double, octaves: Int, seed: UInt64, stretchX: Double = 1) -> Plane {
        var result = value(width: width, height: height, cell: cell, seed: seed, stretchX: stretchX)
        var amplitude: Float = 0.5, total: Float = 1, c = cell
        for octave in 1..<max(octaves, 1) {
            c /= 2
            let layer = value(width: width, height: height, cell: c, seed: PaintRandom.mix(seed, UInt64(octave)), stretchX: stretchX)
            for i in result.values.indices { result.values[i] += layer.values[i] * amplitude }
            total += amplitude
            amplitude *= 0.5
        }
        let inv = 1 / total
        for i in result.values.indices { result.values[i] *= inv }
        return result
    }

    /// Per-pixel white noise in `0 ..< 1` (grain).
    static func grain(width: Int, height: Int, seed: UInt64) -> Plane {
        var plane = Plane(width: width, height: height)
        plane.values.withUnsafeMutableBufferPointer { v in
            for y in 0..<height {
                for x in 0..<width { v[y * width + x] = PaintRandom.hashUnit(x, y, seed) }
            }
        }
        return plane
    }
}
