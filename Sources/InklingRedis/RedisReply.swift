/// One reply, copied out of hiredis (no pointers kept).
///
/// RESP2's five kinds plus the null bulk string or array (`.null`). The accessors answer `nil`
/// for a reply of another kind, so a caller reads `reply.integer ?? 0` or
/// `reply.array?.compactMap(\.text)` without switching.
public enum RedisReply: Sendable, Hashable {
    /// A bulk string, binary-safe.
    case string([UInt8])
    /// A status reply (`+OK`, `+PONG`).
    case status(String)
    /// An integer reply.
    case integer(Int64)
    /// An array reply (possibly nested, possibly holding `.error` elements, as EXEC's does).
    case array([RedisReply])
    /// A null bulk string or null array (a missing key, an XREAD that timed out).
    case null
    /// An error reply, as returned by ``RedisClient/pipeline(_:)`` and inside arrays;
    /// ``RedisConnection/command(_:)`` throws ``RedisError/server(_:)`` instead.
    case error(String)

    /// The bytes of a bulk string; `nil` for other kinds.
    public var bytes: [UInt8]? {
        if case .string(let bytes) = self { return bytes }
        return nil
    }

    /// A bulk string as UTF-8 (invalid sequences replaced by U+FFFD), or a status; `nil` for other kinds.
    public var text: String? {
        switch self {
        case .string(let bytes): String(decoding: bytes, as: UTF8.self)
        case .status(let text): text
        default: nil
        }
    }

    /// An integer reply, or a bulk string that holds exactly a decimal integer (`-12`, `42`);
    /// `nil` otherwise (other kinds, other text, values beyond `Int64`).
    public var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .string(let bytes): return Self.decimal(bytes)
        default: return nil
        }
    }

    /// The elements of an array reply; `nil` for other kinds.
    public var array: [RedisReply]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Whether this is the null reply.
    public var isNull: Bool {
        self == .null
    }

    /// The kind of reply, for messages ("an integer").
    var kind: String {
        switch self {
        case .string: "a bulk string"
        case .status(let text): "status \(text.prefix(40))"
        case .integer: "an integer"
        case .array: "an array"
        case .null: "null"
        case .error: "an error"
        }
    }

    /// `bytes` as a decimal `Int64`: an optional `-`, then 1…19 digits, nothing else.
    private static func decimal(_ bytes: [UInt8]) -> Int64? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = bytes.dropFirst(negative ? 1 : 0)
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits { magnitude = magnitude * 10 + UInt64(digit - 0x30) }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}
