import Foundation

/// Why a call did not give its answer.
public enum InklingClientError: Error, Sendable, CustomStringConvertible {
    /// The server answered an error (its code and message kept).
    case api(InklingAPIError)
    /// The connection failed, timed out or went away (URLSession's words).
    case transport(String)
    /// The answer was not what the API promises (not JSON, a missing field, too large).
    case invalidResponse(String)
    /// A stream ended before its `done` line (the server went away mid-stream).
    case streamEnded(String)

    public var description: String {
        switch self {
        case .api(let error): "the server said \(error)"
        case .transport(let what): "could not reach the server: \(what); check the URL and that `inkling serve` runs"
        case .invalidResponse(let what): "unexpected answer: \(what)"
        case .streamEnded(let what): "the stream ended early: \(what); the job may still run — follow it with job(id:)"
        }
    }

    /// The API's error, when the server answered one.
    public var apiError: InklingAPIError? {
        if case .api(let error) = self { return error }
        return nil
    }
}
