/// A Lua script run by its SHA-1 (EVALSHA), loaded on first use and after NOSCRIPT (a restarted Redis forgets scripts).
///
/// A value: make it once (a `static let`) and pass it to ``RedisClient/run(_:keys:arguments:)``,
/// which loads it with SCRIPT LOAD the first time and remembers the SHA-1 Redis gave.
public struct RedisScript: Sendable, Hashable {
    /// The Lua source.
    public let source: String

    /// The script `source`.
    public init(_ source: String) {
        self.source = source
    }
}
