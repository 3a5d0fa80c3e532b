/// A pre-parse scan of JSON text for nesting too deep to parse safely (for the Foundation-parsed
/// documents: importers, engine configuration, server requests, regression cases).
///
/// Run before handing untrusted text to a recursive parser (Foundation's `JSONSerialization`
/// among them): `[[[[…` ten thousand deep is refused in one linear pass, without recursion,
/// whatever the parser's own limits are. Brackets inside strings (escapes included) do not count.
public enum JSONNesting {
    /// The offset from the start of `bytes` where an array or object opens at depth `limit + 1`,
    /// or `nil` when nesting never goes deeper than `limit`.
    public static func firstViolation<Bytes: Collection>(in bytes: Bytes, limit: Int) -> Int? where Bytes.Element == UInt8 {
        var depth = 0, inString = false, escaped = false
        for (offset, c) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch c {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return offset }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
