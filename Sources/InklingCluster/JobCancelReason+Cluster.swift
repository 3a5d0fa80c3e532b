import InklingServer

extension JobCancelReason {
    /// How the reason travels to the worker (the job's `cancel` field).
    var code: String {
        switch self {
        case .requested: "requested"
        case .clientGone: "client_gone"
        case .deadline: "deadline"
        case .stopping: "stopping"
        }
    }

    /// Reads ``code`` back (an unknown one counts as requested).
    init(code: String) {
        switch code {
        case "client_gone": self = .clientGone
        case "deadline": self = .deadline
        case "stopping": self = .stopping
        default: self = .requested
        }
    }

    /// What a client waiting for the job is answered.
    func error(timeout: Double) -> APIError {
        switch self {
        case .requested: APIError(503, "cancelled", "the job was cancelled (DELETE /v1/jobs/{id})", retryAfter: 5)
        case .clientGone: APIError(499, "client_gone", "the client closed the connection")
        case .deadline: APIError(504, "generation_timeout", "the generation took longer than \(Int(timeout)) s and was stopped; ask for fewer or smaller images")
        case .stopping: APIError(503, "stopping", "the server is shutting down; try again shortly", retryAfter: 5)
        }
    }
}
