import Foundation

/// Numbers as text: Inkling's rules for messages, summaries and JSON, never trapping.
///
/// Integral values below 10¹⁵ in magnitude are written without a fraction (`3`, `-12`); every
/// other value in Swift's shortest round-trip form (`0.25`, `1e+17`), so a double read back is
/// the same double. ``JSONWriter`` writes numbers with ``append(_:to:)-(Double,_)``.
public enum NumberText {
    /// `value` as short text (`3`, `0.25`, `1e+17`, `inf`, `nan`).
    public static func compact(_ value: Double) -> String {
        if isWhole(value) { return String(Int64(value)) }
        return String(value)
    }

    /// Appends the text of a finite `value` (``compact(_:)``) as UTF-8 bytes.
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        if isWhole(value) { return append(Int64(value), to: &bytes) }
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value`.
    public static func append(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(0x2D) }
        append(value.magnitude, to: &bytes)
    }

    /// Appends the decimal digits of `value`.
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var v = value
        let start = bytes.count
        repeat {
            bytes.append(0x30 + UInt8(v % 10))
            v /= 10
        } while v > 0
        bytes[start...].reverse()
    }

    /// `value` with exactly `digits` decimals (0…17), for display where the width matters
    /// (`0.41 s`, SSIM `0.98731`); `inf`, `-inf` or `nan` when not finite.
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value > 0 ? "inf" : value < 0 ? "-inf" : "nan" }
        return String(format: "%.\(min(max(digits, 0), 17))f", value)
    }

    /// `value` rounded to at most `digits` decimals, trailing zeros dropped (`2.5`, `3`, not
    /// `-0`); `inf`, `-inf` or `nan` when not finite.
    public static func rounded(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite else { return fixed(value, digits: digits) }
        var text = fixed(value, digits: digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// Whether `value` is written without a fraction: integral, below 10¹⁵, and not -0.
    private static func isWhole(_ value: Double) -> Bool {
        value == value.rounded() && abs(value) < 1e15 && !(value == 0 && value.sign == .minus)
    }

    /// A byte count for a message: `64 MiB`, `512 KiB` (whole units, rounded down), `900 bytes`.
    public static func bytes(_ count: Int) -> String {
        if count >= 1 << 30 { return "\(count >> 30) GiB" }
        if count >= 1 << 20 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 { return "\(count >> 10) KiB" }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}
