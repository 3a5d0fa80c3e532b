/// Generates the repeating noise tiles behind ``InkTexture``s, deterministically from a seed.
///
/// Each tile is 64×64 bytes of two-octave value noise: random values on a periodic lattice
/// (so the tile wraps seamlessly), interpolated with a smoothstep, then mapped per texture:
/// grain to 55…100% intensity, wax and dry through a soft threshold that leaves gaps. The
/// stroke's mean ``StrokePoint/threshold`` raises that cut-off. Random values come from
/// SplitMix64 seeded with the stroke's ``Stroke/randomSeed``, so a stroke renders identically
/// on every run and platform.
enum TextureTile {
    /// Side of a tile in pixels.
    static let size = 64

    /// The tile bytes (row-major, `size × size`).
    static func make(_ texture: InkTexture, seed: UInt32, threshold: Double) -> [UInt8] {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ UInt64(texture.hashSeed))
        // Lattice cell sizes in pixels (must divide the tile size) for the two octaves.
        let (fine, coarse): (Int, Int) = switch texture {
        case .grain: (2, 4)
        case .wax: (4, 8)
        case .dry: (4, 16)
        }
        let a = lattice(cell: fine, rng: &rng)
        let b = lattice(cell: coarse, rng: &rng)
        let t = min(max(threshold, 0), 1)
        var tile = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let n = 0.4 * sample(a, cell: fine, x: x, y: y) + 0.6 * sample(b, cell: coarse, x: x, y: y)
                let v: Double
                switch texture {
                case .grain:
                    v = n < t ? 0 : 0.55 + 0.45 * n
                case .wax:
                    let cut = 0.3 + 0.7 * t
                    v = min(max((n - cut) / 0.12, 0), 1)
                case .dry:
                    let cut = 0.42 + 0.58 * t
                    v = min(max((n - cut) / 0.08, 0), 1)
                }
                tile[y * size + x] = UInt8((v * 255).rounded())
            }
        }
        return tile
    }

    /// Random values 0…1 on a periodic lattice of `size / cell` points per side.
    private static func lattice(cell: Int, rng: inout SplitMix64) -> [Double] {
        let n = size / cell
        return (0..<(n * n)).map { _ in rng.nextUnit() }
    }

    /// Smoothstep-interpolated lattice value at pixel `(x, y)`.
    private static func sample(_ lattice: [Double], cell: Int, x: Int, y: Int) -> Double {
        let n = size / cell
        let gx = (Double(x) + 0.5) / Double(cell), gy = (Double(y) + 0.5) / Double(cell)
        let x0 = Int(gx), y0 = Int(gy)
        var fx = gx - Double(x0), fy = gy - Double(y0)
        fx = fx * fx * (3 - 2 * fx); fy = fy * fy * (3 - 2 * fy)
        func at(_ i: Int, _ j: Int) -> Double { lattice[(j % n) * n + (i % n)] }
        let top = at(x0, y0) + fx * (at(x0 + 1, y0) - at(x0, y0))
        let bottom = at(x0, y0 + 1) + fx * (at(x0 + 1, y0 + 1) - at(x0, y0 + 1))
        return top + fy * (bottom - top)
    }
}

extension InkTexture {
    /// A stable per-texture salt (not `hashValue`, which changes between runs).
    var hashSeed: UInt32 {
        switch self {
        case .grain: 1
        case .wax: 2
        case .dry: 3
        }
    }
}
