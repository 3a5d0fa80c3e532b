/// Numbers as short text for messages and summaries, never trapping.
public enum NumberText {
    /// `value` as short text: integral values below 10¹⁵ in magnitude without a fraction
    /// (`3`, `-12`), every other value in Swift's shortest round-trip form (`0.25`, `1e+17`,
    /// `inf`, `nan`).
    public static func compact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
