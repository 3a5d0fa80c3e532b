/// Formats numbers for SVG attributes: fixed decimals, trailing zeros trimmed, deterministic.
enum SVGNumber {
    /// `value` rounded to `decimals` places (0…6), without trailing zeros or `-0`; `0` for
    /// non-finite values.
    static func format(_ value: Double, decimals: Int) -> String {
        let decimals = min(max(decimals, 0), 6)
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Beyond 2^53 the fraction is gone anyway; fall back to Swift's shortest form.
        guard abs(scaled) < 9.0e15 else { return String(value.rounded()) }
        var integer = Int64(scaled)
        if integer == 0 { return "0" }
        let negative = integer < 0
        integer = abs(integer)
        let unit = Int64(scale)
        var text = String(integer / unit)
        var fraction = integer % unit
        if decimals > 0 && fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
            fraction = 0
        }
        return negative ? "-" + text : text
    }
}
