import InklingBase

/// How metric values are written for people: the same digits in `compare`, `regress` and failures.
public enum MetricFormat {
    /// `value` with at most `digits` decimals and no trailing zeros (``NumberText/rounded(_:digits:)``).
    public static func number(_ value: Double, digits: Int = 2) -> String { NumberText.rounded(value, digits: digits) }

    /// `value` with exactly `digits` decimals (``NumberText/fixed(_:digits:)``).
    public static func fixed(_ value: Double, digits: Int) -> String { NumberText.fixed(value, digits: digits) }

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
