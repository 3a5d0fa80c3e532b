/// Seeded value noise: random values on a coarse lattice, smoothly (smoothstep) interpolated;
/// octaves add detail. Used for displacement, paper fibre, wash granulation.
enum Noise {
    /// Value noise in `-1 ... 1` with lattice spacing `cell` pixels; `stretchX` > 1 elongates
    /// features horizontally (paper fibre).
    static func value(width: Int, height: Int, cell: Double, seed: UInt64, stretchX: Double = 1) -> Plane {
        var plane = Plane(width: width, height: height)
        plane.values.withUnsafeMutableBufferPointer { v in
            layer(into: v, width: width, height: height, cell: cell, seed: seed, stretchX: stretchX, amplitude: nil, scale: 1)
        }
        return plane
    }

    /// Fractal sum of `octaves` value-noise layers (each half the cell, half the amplitude),
    /// normalised to about `-1 ... 1`: ((v₀ + v₁ × ½) + v₂ × ¼ …) × 1 / (1 + ½ + ¼ …), each
    /// layer added into the sum as it is made.
    static func fractal(width: Int, height: Int, cell: Double, octaves: Int, seed: UInt64, stretchX: Double = 1) -> Plane {
        var result = Plane(width: width, height: height)
        var total: Float = 1
        do {
            var amplitude: Float = 0.5
            for _ in 1..<max(octaves, 1) {
                total += amplitude
                amplitude *= 0.5
            }
        }
        let inv = 1 / total
        result.values.withUnsafeMutableBufferPointer { v in
            layer(into: v, width: width, height: height, cell: cell, seed: seed, stretchX: stretchX, amplitude: nil,
                  scale: octaves <= 1 ? 1 : nil)
            var amplitude: Float = 0.5, c = cell
            for octave in 1..<max(octaves, 1) {
                c /= 2
                layer(into: v, width: width, height: height, cell: c, seed: PaintRandom.mix(seed, UInt64(octave)), stretchX: stretchX,
                      amplitude: amplitude, scale: octave == octaves - 1 ? inv : nil)
                amplitude *= 0.5
            }
        }
        return result
    }

    /// One layer of value noise written into `v` (`amplitude` nil) or added to it times
    /// `amplitude`; then, when `scale` is given, multiplied by it (1 leaves it as it is). Rows
    /// in ``Bands``.
    private static func layer(into v: UnsafeMutableBufferPointer<Float>, width: Int, height: Int, cell: Double, seed: UInt64,
                              stretchX: Double, amplitude: Float?, scale: Float?) {
        guard width > 0, height > 0 else { return }
        let cx = max(cell * stretchX, 1), cy = max(cell, 1)
        let gw = Int(Double(width) / cx) + 3, gh = Int(Double(height) / cy) + 3
        var rng = PaintRandom(seed: seed)
        let lattice = (0..<(gw * gh)).map { _ in Float(rng.unit() * 2 - 1) }
        // Per-column smoothed weight, and the runs of columns that share a lattice cell.
        var xt = [Float](repeating: 0, count: width)
        var spans: [(cell: Int, start: Int, end: Int)] = []
        for x in 0..<width {
            let f = (Double(x) + 0.5) / cx
            let i = Int(f)
            let t = Float(f - Double(i))
            xt[x] = t * t * (3 - 2 * t)
            if let last = spans.last, last.cell == i { spans[spans.count - 1].end = x + 1 } else { spans.append((i, x, x + 1)) }
        }
        let scaling = scale.map { $0 != 1 } ?? false
        lattice.withUnsafeBufferPointer { g in
            xt.withUnsafeBufferPointer { xt in
                Bands.forEach(height) { rows in
                    for y in rows {
                        let f = (Double(y) + 0.5) / cy
                        let yi = Int(f)
                        var ty = Float(f - Double(yi))
                        ty = ty * ty * (3 - 2 * ty)
                        let r0 = yi * gw, r1 = (yi + 1) * gw
                        let row = v.baseAddress! + y * width
                        for span in spans {
                            let i = span.cell
                            let a0 = g[r0 + i], da = g[r0 + i + 1] - g[r0 + i]
                            let b0 = g[r1 + i], db = g[r1 + i + 1] - g[r1 + i]
                            if let amplitude {
                                if scaling, let scale {
                                    for x in span.start..<span.end {
                                        let t = xt[x]
                                        let a = a0 + da * t, b = b0 + db * t
                                        row[x] = (row[x] + (a + (b - a) * ty) * amplitude) * scale
                                    }
                                } else {
                                    for x in span.start..<span.end {
                                        let t = xt[x]
                                        let a = a0 + da * t, b = b0 + db * t
                                        row[x] += (a + (b - a) * ty) * amplitude
                                    }
                                }
                            } else {
                                for x in span.start..<span.end {
                                    let t = xt[x]
                                    let a = a0 + da * t, b = b0 + db * t
                                    row[x] = a + (b - a) * ty
                                }
                            }
                        }
                    }
                }
            }
        }
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
