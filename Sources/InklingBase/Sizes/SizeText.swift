/// `WxH` sizes as text (`1024x768`): Inkling's one rule for reading and writing them, used by the
/// CLI, the API, engine configuration and regression cases.
///
/// The rule: two runs of ASCII digits (at most 9 each, so nothing overflows) around one `x` or
/// `X`, nothing else (no spaces, signs or fractions). Each caller then checks the sides against
/// its own range with ``parse(_:sides:)`` and reports ``expectation(sides:)``.
public enum SizeText {
    /// The width and height `text` names, or `nil` when it does not follow the rule.
    public static func parse(_ text: some StringProtocol) -> (width: Int, height: Int)? {
        let bytes = Array(text.utf8.prefix(32))
        guard bytes.count < 32 else { return nil }
        let split = bytes.split(maxSplits: 2, omittingEmptySubsequences: false) { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }
        guard split.count == 2, let width = digits(split[0]), let height = digits(split[1]) else { return nil }
        return (width, height)
    }

    /// The width and height `text` names when both lie in `sides`; `nil` otherwise.
    public static func parse(_ text: some StringProtocol, sides: ClosedRange<Int>) -> (width: Int, height: Int)? {
        guard let size = parse(text), sides.contains(size.width), sides.contains(size.height) else { return nil }
        return size
    }

    /// What a valid size looks like, for messages: `WxH with sides 16…8192, such as 1024x768`.
    public static func expectation(sides: ClosedRange<Int>) -> String {
        "WxH with sides \(sides.lowerBound)…\(sides.upperBound), such as \(text(width: min(max(1024, sides.lowerBound), sides.upperBound), height: min(max(768, sides.lowerBound), sides.upperBound)))"
    }

    /// `1024x768`.
    public static func text(width: Int, height: Int) -> String { "\(width)x\(height)" }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
