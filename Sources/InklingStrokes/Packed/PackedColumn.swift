/// How a packed drawing writes one point channel that varies along a stroke: as decimal
/// integers, delta-coded, when that is exact, else as 64-bit doubles.
///
/// Pen and tablet numbers mostly arrive as short decimals (`479.33`, `0.0042`). For a scale k
/// (0–15), a value v is written as the integer m = v·10ᵏ when m is below 2⁵³ in magnitude and
/// `Double(m) / 10ᵏ` gives v back bit for bit (the division of two exact doubles is correctly
/// rounded, so this is the double nearest the decimal m·10⁻ᵏ, as a JSON parser reads it). A
/// column takes the smallest scale at which every one of its values is exact, and writes each m
/// as its difference from the one before (the first from 0), zigzag-coded in LEB128 bytes: one
/// or two bytes a value for pen input, against eight. A column with a value no scale holds
/// exactly (−0, a float32 widened to many digits, a huge number) is written as doubles.
///
/// ```
/// u8 scale                0–15: decimal varints follow; 0xFF: f64 × n follow
/// ```
enum PackedColumn {
    /// The scale byte of a column written as doubles.
    static let doubles: UInt8 = 0xFF
    /// The largest scale (10¹⁵ and every integer below 2⁵³ are exact doubles).
    static let maxScale = 15
    /// 10ᵏ for every scale, each an exact double.
    static let powers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
    /// The largest magnitude of an integer written (2⁵³: every integer up to it is an exact double).
    static let maxInteger: Int64 = 1 << 53

    /// Appends `values` as one column: the smallest exact scale, else doubles.
    static func append(_ values: [Double], to out: inout [UInt8]) {
        let start = out.count
        var scale = 0
        scales: while scale <= maxScale {
            out.removeSubrange(start...)
            out.append(UInt8(scale))
            let power = powers[scale]
            var previous: Int64 = 0
            for v in values {
                guard let m = integer(v, power) else {
                    // This value needs a finer scale (or none): start the column again there.
                    scale += 1
                    while scale <= maxScale, integer(v, powers[scale]) == nil { scale += 1 }
                    continue scales
                }
                appendVarint(zigzag(m - previous), to: &out)
                previous = m
            }
            return
        }
        out.removeSubrange(start...)
        out.append(doubles)
        out.reserveCapacity(out.count + 8 * values.count)
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { out.append(contentsOf: $0) } }
    }

    /// The integer v·`power`, if it is below 2⁵³ in magnitude and gives v back exactly.
    @inline(__always)
    static func integer(_ v: Double, _ power: Double) -> Int64? {
        let scaled = v * power
        // NaN fails this comparison too.
        guard abs(scaled) <= Double(maxInteger) else { return nil }
        let m = Int64(scaled.rounded())
        return value(m, power).bitPattern == v.bitPattern ? m : nil
    }

    /// The double an integer of a column stands for (the same expression on both sides).
    @inline(__always)
    static func value(_ m: Int64, _ power: Double) -> Double { Double(m) / power }

    @inline(__always)
    static func zigzag(_ d: Int64) -> UInt64 { UInt64(bitPattern: (d << 1) ^ (d >> 63)) }

    @inline(__always)
    static func unzigzag(_ z: UInt64) -> Int64 { Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1) }

    @inline(__always)
    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var z = value
        while z >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: z) | 0x80)
            z >>= 7
        }
        out.append(UInt8(z))
    }
}
