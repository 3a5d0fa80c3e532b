/// Conversions from `Double` to integers that cannot trap.
///
/// Swift's `Int(_: Double)` traps on NaN, on infinities and on values beyond the integer's
/// range. Every number that can be traced back to input (a drawing, a request, a configuration
/// file, an option) is converted with these instead, so that a hostile value ends as a clamped
/// result or a clear error upstream, never as a crash.
extension FixedWidthInteger {
    /// `value` truncated toward zero, saturating at ``min`` and ``max``; NaN becomes `nan`.
    ///
    /// ```swift
    /// Int(saturating: .infinity)   // Int.max
    /// UInt8(saturating: -3.7)      // 0
    /// Int(saturating: .nan)        // 0
    /// ```
    @inlinable
    public init(saturating value: Double, nan: Self = 0) {
        if value.isNaN {
            self = nan
        } else if value <= Double(Self.min) {
            self = .min
        } else if value >= Double(Self.max) {
            // Double(Self.max) rounds up to a power of two for 64-bit types, so every value
            // below it converts exactly.
            self = .max
        } else {
            self.init(value)
        }
    }
}

extension Double {
    /// The value itself when finite, otherwise `fallback`.
    @inlinable
    public func finite(or fallback: Double) -> Double { isFinite ? self : fallback }
}
