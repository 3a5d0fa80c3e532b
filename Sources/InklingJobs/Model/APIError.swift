import Inkling
import InklingBase
import InklingEngines

/// The failure a job or a request ends with, in the API's terms: an HTTP status and
/// `{"error": {"code", "message"}}`, plus optional headers. Jobs keep it as it is (a cluster stores
/// it in Redis); the server turns it into an answer (`APIError+Response` in InklingServer).
public struct APIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// A stable machine-readable code (`invalid_json`, `rate_limited`, …).
    public var code: String
    /// One line a person can act on.
    public var message: String
    /// Seconds after which a retry may succeed (sent as `Retry-After`).
    public var retryAfter: Int?
    /// The methods the resource accepts (sent as `Allow` with a 405).
    public var allow: [String]?
    /// The authentication scheme to use (sent as `WWW-Authenticate` with a 401).
    public var authenticate: String?

    /// Creates an error answer.
    public init(_ status: Int, _ code: String, _ message: String, retryAfter: Int? = nil, allow: [String]? = nil, authenticate: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.allow = allow
        self.authenticate = authenticate
    }

    public var description: String { "\(status) \(code): \(message)" }

    /// This error with what became of a cancelled engine's work appended to its message.
    package func adding(_ engineWork: [String]) -> APIError {
        var copy = self
        copy.message += engineWork.map { "; \($0)" }.joined()
        return copy
    }

    /// The JSON object `{"error": {"code", "message"}}`.
    public var body: JSONValue { ["error": ["code": .string(code), "message": .string(message)]] }

    /// 503 `stopping` (`Retry-After: 5`): the server is shutting down.
    public static let stopping = APIError(503, "stopping", "the server is shutting down; try again shortly", retryAfter: 5)

    /// 499 `client_gone`: the client waiting for the answer closed its connection (no one sees it).
    public static let clientGone = APIError(499, "client_gone", "the client closed the connection")

    /// 404 `job_not_found` for job `id` (at most its first 64 characters are repeated).
    public static func jobNotFound(_ id: String) -> APIError {
        APIError(404, "job_not_found", "no job \(id.prefix(64)): it was never made, was forgotten (jobs are kept for the image TTL after they end), or was made with another API key")
    }

    /// 503 `queue_full` (`Retry-After: 5`): `slots` generations run and `queue` more wait already.
    static func queueFull(slots: Int, queue: Int) -> APIError {
        APIError(503, "queue_full", "the server is busy (\(slots) generations running, \(queue) waiting); retry in a few seconds", retryAfter: 5)
    }

    /// 429 `too_many_generations` (`Retry-After: 5`): the client's key allows `most` generations
    /// queued or running at once, and it has them.
    package static func tooManyGenerations(_ most: Int) -> APIError {
        APIError(429, "too_many_generations", "your API key allows \(most) generation\(most == 1 ? "" : "s") queued or running at once, "
                 + "and you have \(most == 1 ? "one" : "them"); wait for one to end, then retry", retryAfter: 5)
    }

    /// A route that does not exist.
    package static func notFound(_ path: String) -> APIError {
        APIError(404, "not_found", "nothing at \(path.count > 200 ? String(path.prefix(200)) + "…" : path); see /openapi.json for the endpoints")
    }

    /// The answer for an image creation error.
    package static func creation(_ error: ImageCreationError) -> APIError {
        switch error {
        case .notSupported: APIError(422, "not_supported", error.description)
        case .unavailable: APIError(503, "unavailable", error.description, retryAfter: 30)
        case .creationCancelled: APIError(503, "cancelled", error.description, retryAfter: 5)
        case .unsupportedLanguage: APIError(422, "unsupported_language", error.description)
        case .unsupportedInputImage: APIError(422, "unsupported_input_image", error.description)
        case .creationFailed: APIError(500, "creation_failed", error.description)
        case .engineFailed(let failure): engine(failure, error.description)
        case .invalidLimit: APIError(422, "invalid_limit", error.description)
        case .styleNotAllowed: APIError(422, "style_not_allowed", error.description)
        case .invalidOption: APIError(422, "invalid_option", error.description)
        case .conceptsEmpty: APIError(422, "concepts_empty", error.description)
        case .outputFailed: APIError(500, "output_failed", error.description)
        }
    }

    /// The answer for an external engine's failure, by kind: 504 `engine_timeout`; 502
    /// `engine_unreachable`, `engine_connection_dropped`, `engine_rejected`, `engine_error`; 503
    /// `engine_unavailable` (`Retry-After: 30`) and `engine_cancelled` (`Retry-After: 5`). The
    /// message carries the engine's own words.
    package static func engine(_ failure: EngineFailure, _ message: String) -> APIError {
        switch failure.kind {
        case .timeout: APIError(504, "engine_timeout", message)
        case .unreachable: APIError(502, "engine_unreachable", message)
        case .connectionDropped: APIError(502, "engine_connection_dropped", message)
        case .rejected: APIError(502, "engine_rejected", message)
        case .engineError: APIError(502, "engine_error", message)
        case .unavailable: APIError(503, "engine_unavailable", message, retryAfter: 30)
        case .cancelled: APIError(503, "engine_cancelled", message, retryAfter: 5)
        }
    }
}
