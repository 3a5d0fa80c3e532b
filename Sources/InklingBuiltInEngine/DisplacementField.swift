/// A seeded, smooth (low-frequency) 2-D displacement: two value-noise planes scaled to an
/// amplitude in pixels. Warping the sketch's line layer through it loosens the composition
/// while keeping closed shapes closed.
struct DisplacementField {
    let dx: Plane
    let dy: Plane
    let amplitude: Float

    init(width: Int, height: Int, amplitude: Double, seed: UInt64) {
        let cell = Double(min(width, height)) / 2.5
        dx = Noise.fractal(width: width, height: height, cell: cell, octaves: 2, seed: PaintRandom.mix(seed, 1))
        dy = Noise.fractal(width: width, height: height, cell: cell, octaves: 2, seed: PaintRandom.mix(seed, 2))
        self.amplitude = Float(amplitude)
    }

    /// `plane` resampled at displaced positions: out(x, y) = plane(x + dx, y + dy), bilinear
    /// (``Plane/sample(_:_:_:)``), rows in ``Bands``.
    func warp(_ plane: Plane) -> Plane {
        var out = Plane(width: plane.width, height: plane.height)
        let w = plane.width, h = plane.height, a = amplitude * 1.6
        plane.values.withUnsafeBufferPointer { src in
            dx.values.withUnsafeBufferPointer { ddx in
                dy.values.withUnsafeBufferPointer { ddy in
                    out.values.withUnsafeMutableBufferPointer { dst in
                        let dst = dst.baseAddress!
                        Bands.forEach(h) { rows in
                            for y in rows {
                                let fy = Float(y)
                                for x in 0..<w {
                                    let i = y &* w &+ x
                                    dst[i] = plane.sample(src, Float(x) + ddx[i] * a, fy + ddy[i] * a)
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
