/// Why a ``RedisTestServer`` could not be started or asked something, one line.
public struct RedisTestServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the end of the server's log where there is one.
    public var description: String

    /// The error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
