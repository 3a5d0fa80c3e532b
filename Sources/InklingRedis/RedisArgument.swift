import InklingBase

/// One argument of a command, binary-safe.
///
/// Strings are sent as their UTF-8 bytes, integers as decimal text and doubles as their
/// shortest round-trip text (`3`, `0.25`, `1e+17`, `inf`), which is how Redis reads numbers:
///
/// ```swift
/// try await client.command(["ZADD", "scores", RedisArgument(0.5), "ink"])
/// ```
public struct RedisArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// The bytes Redis receives.
    public var bytes: [UInt8]

    /// The argument `bytes`, as they are (they may hold NULs or any other byte).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The UTF-8 bytes of `text`.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The decimal digits of `value`.
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// The decimal digits of `value`.
    public init(_ value: Int64) {
        bytes = []
        NumberText.append(value, to: &bytes)
    }

    /// The decimal digits of `value`.
    public init(_ value: UInt64) {
        bytes = []
        NumberText.append(value, to: &bytes)
    }

    /// `value` as its shortest round-trip text: integral values below 10¹⁵ without a fraction,
    /// infinities as `inf` and `-inf` (which Redis reads), NaN as `nan` (which Redis refuses).
    public init(_ value: Double) {
        self.init(NumberText.compact(value))
    }

    /// The UTF-8 bytes of a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The decimal digits of an integer literal.
    public init(integerLiteral value: Int) {
        self.init(value)
    }
}
