import Foundation

/// An error the API answered, with its code and message as the server wrote them
/// (`{"error": {"code", "message"}}`), the HTTP status, and `Retry-After` when it said one.
public struct InklingAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (also a stream's or a job's error: the status the same error has).
    public var status: Int
    /// The stable code: `rate_limited`, `invalid_drawing`, `cancelled`, …
    public var code: String
    /// The server's one-line message, saying what to do.
    public var message: String
    /// Seconds to wait before trying again (429 and 503 say it).
    public var retryAfter: TimeInterval?

    /// Creates an error.
    public init(status: Int, code: String, message: String, retryAfter: TimeInterval? = nil) {
        self.status = status; self.code = code; self.message = message; self.retryAfter = retryAfter
    }

    /// `status code: message (retry after N s)`.
    public var description: String {
        "\(status) \(code): \(message)" + (retryAfter.map { " (retry after \($0) s)" } ?? "")
    }
}
