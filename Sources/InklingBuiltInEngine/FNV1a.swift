/// 64-bit FNV-1a over UTF-8 bytes: a stable word hash (Swift's `Hasher` is seeded per process,
/// so it must never decide colours).
enum FNV1a {
    /// The hash of `text`'s UTF-8 bytes.
    static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }
}
