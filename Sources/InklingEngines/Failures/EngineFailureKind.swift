/// What kind of thing went wrong with an engine: what the CLI and the HTTP server decide their
/// answer on (the server answers 504 for ``timeout``, 503 for ``unavailable`` and
/// ``cancelled``, 502 for the rest).
public enum EngineFailureKind: Sendable, Hashable, CustomStringConvertible {
    /// The engine did not answer within its deadline.
    case timeout
    /// The engine could not be reached: nothing listens, or the host is unreachable.
    case unreachable
    /// The engine closed the connection in the middle of its answer.
    case connectionDropped
    /// The engine refused the request; `status` is its HTTP status when it sent one.
    case rejected(status: Int?)
    /// The engine failed while generating, or answered something unusable.
    case engineError
    /// The engine cannot generate now: disabled, missing a credential or a model, or busy (503).
    case unavailable
    /// The generation was cancelled on the engine itself.
    case cancelled

    /// A short name: `timeout`, `unreachable`, `connection_dropped`, `rejected`, `engine_error`,
    /// `unavailable`, `cancelled`.
    public var description: String {
        switch self {
        case .timeout: "timeout"
        case .unreachable: "unreachable"
        case .connectionDropped: "connection_dropped"
        case .rejected: "rejected"
        case .engineError: "engine_error"
        case .unavailable: "unavailable"
        case .cancelled: "cancelled"
        }
    }

    /// The kind of `error` when it is an engine's failure (an ``EngineFailure`` or a
    /// ``RemoteEngineError``), else `nil`.
    public static func of(_ error: any Error) -> EngineFailureKind? {
        (error as? EngineFailure)?.kind ?? (error as? RemoteEngineError)?.failure.kind
    }

    /// Whether the engine gave no answer at all (nothing listens, or nothing came in time): its
    /// server cannot be counted reachable.
    public var isUnanswered: Bool { self == .unreachable || self == .timeout }
}
