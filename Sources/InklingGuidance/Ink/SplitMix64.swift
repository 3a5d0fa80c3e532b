/// SplitMix64: a tiny, well-mixed, platform-independent pseudo-random generator.
///
/// Everything seeded in Inkling (ink textures here, the built-in engine's painting) draws from
/// it, so the same seed gives the same pixels on every platform.
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// Starts a stream at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0 ..< 1` with 53 random bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
