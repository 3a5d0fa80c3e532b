import Foundation

/// IEEE 754 binary16 ("half") decoding and the base64 point encodings tldraw stores, decoded by
/// hand so that no platform `Float16` support is needed.
enum Float16Decoding {
    /// The value of the half-precision float with these bits (sign 1, exponent 5 biased by 15,
    /// fraction 10): zero and subnormals (`frac · 2⁻²⁴`), normals, ±infinity and NaN.
    static func value(ofBits bits: UInt16) -> Double {
        let sign: Double = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int((bits >> 10) & 0x1f)
        let fraction = Double(bits & 0x3ff)
        switch exponent {
        case 0: return sign * fraction * 0x1p-24
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Double(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }

    /// The value of the little-endian half float at `bytes[offset]`, `bytes[offset + 1]`.
    static func half(_ bytes: [UInt8], at offset: Int) -> Double {
        value(ofBits: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)
    }

    /// The value of the little-endian IEEE 754 binary32 float at `bytes[offset ..< offset + 4]`.
    static func single(_ bytes: [UInt8], at offset: Int) -> Double {
        var bits: UInt32 = 0
        for k in 0..<4 { bits |= UInt32(bytes[offset + k]) << (8 * k) }
        return Double(Float(bitPattern: bits))
    }

    /// Standard base64 (with or without `=` padding, no line breaks) to bytes; `nil` when the
    /// text is not base64.
    static func base64Bytes(_ text: String) -> [UInt8]? {
        var padded = text
        let remainder = padded.utf8.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { padded += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: padded).map { [UInt8]($0) }
    }

    /// tldraw's absolute layout (draw shape schema version 3, `segments[].points` as a string):
    /// each point is three little-endian half floats `x, y, z`, 6 bytes, 8 base64 characters.
    /// `nil` when the byte count is not a multiple of 6.
    static func absolutePoints(_ bytes: [UInt8]) -> [(x: Double, y: Double, z: Double)]? {
        guard bytes.count % 6 == 0 else { return nil }
        return stride(from: 0, to: bytes.count, by: 6).map { o in
            (half(bytes, at: o), half(bytes, at: o + 2), half(bytes, at: o + 4))
        }
    }

    /// tldraw's delta layout (`segments[].path`): the first point as three little-endian
    /// binary32 floats `x, y, z` (12 bytes), then each further point as three half-float
    /// differences from the previous point (6 bytes each). `nil` when the sizes do not fit.
    static func deltaPoints(_ bytes: [UInt8]) -> [(x: Double, y: Double, z: Double)]? {
        if bytes.isEmpty { return [] }
        guard bytes.count >= 12, (bytes.count - 12) % 6 == 0 else { return nil }
        var x = single(bytes, at: 0), y = single(bytes, at: 4), z = single(bytes, at: 8)
        var result = [(x: x, y: y, z: z)]
        for o in stride(from: 12, to: bytes.count, by: 6) {
            x += half(bytes, at: o); y += half(bytes, at: o + 2); z += half(bytes, at: o + 4)
            result.append((x, y, z))
        }
        return result
    }
}
