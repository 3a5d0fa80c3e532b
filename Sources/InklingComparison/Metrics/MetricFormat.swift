import Foundation

/// How metric values are written for people: the same digits in `compare`, `regress` and failures.
public enum MetricFormat {
    /// `value` with at most `digits` decimals and no trailing zeros; `inf` for infinity.
    public static func number(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite else { return value > 0 ? "inf" : value < 0 ? "-inf" : "nan" }
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `value` with exactly `digits` decimals (scores such as SSIM, where the width matters).
    public static func fixed(_ value: Double, digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : number(value)
    }

    /// An SSIM score with five decimals, or as many more (up to ten) as it takes not to round a
    /// score below 1 up to `1.00000`: a failed comparison never reads as perfect.
    public static func ssim(_ value: Double) -> String {
        var digits = 5
        while digits < 10, value < 1, fixed(value, digits: digits).hasPrefix("1.") { digits += 1 }
        return fixed(value, digits: digits)
    }

    /// A fraction as a percentage with up to four decimals: `0.0326%`.
    public static func percent(_ fraction: Double) -> String {
        number(fraction * 100, digits: 4) + "%"
    }
}
