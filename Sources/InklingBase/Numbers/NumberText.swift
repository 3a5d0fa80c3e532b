/// Numbers as text: Inkling's one rule for messages, summaries and JSON, never trapping.
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

    /// Whether `value` is written without a fraction: integral, below 10¹⁵, and not -0.
    private static func isWhole(_ value: Double) -> Bool {
        value == value.rounded() && abs(value) < 1e15 && !(value == 0 && value.sign == .minus)
    }
}
