import InklingGuidance

/// The built-in engine's only source of randomness (``SplitMix64`` with painting helpers), seeded from the request seed,
/// the variation and (for sketch-dependent stages) the strokes' `randomSeed`s. Platform
/// independent, so the same seed paints the same pixels everywhere.
struct PaintRandom {
    private var generator: SplitMix64

    /// Starts a stream at `seed`.
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next 64 random bits.
    mutating func next() -> UInt64 { generator.next() }

    /// A uniform value in `0 ..< 1`.
    mutating func unit() -> Double { generator.nextUnit() }

    /// A uniform value in `lo ..< hi`.
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// A uniform integer in `0 ..< n` (`n > 0`).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// Mixes several values into one well-distributed seed.
    static func mix(_ values: UInt64...) -> UInt64 {
        var r = PaintRandom(seed: 0x1F2E_3D4C_5B6A_7988)
        var acc: UInt64 = 0
        for v in values {
            r = PaintRandom(seed: acc ^ v &+ r.next())
            acc = r.next()
        }
        return acc
    }

    /// Cheap stateless hash of a pixel position and a seed to `0 ..< 1` (for grain).
    @inline(__always)
    static func hashUnit(_ x: Int, _ y: Int, _ seed: UInt64) -> Float {
        var h = UInt64(truncatingIfNeeded: x) &* 0x9E37_79B1_85EB_CA87 ^ UInt64(truncatingIfNeeded: y) &* 0xC2B2_AE3D_27D4_EB4F ^ seed
        h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Float(h & 0xFF_FFFF) * (1 / 16_777_216)
    }
}
