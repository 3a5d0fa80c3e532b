import InklingBase

extension JobCancelReason {
    /// What a client waiting for a job cancelled for this reason is answered, with what became
    /// of the engine's work; `timeout` names the deadline a `.deadline` passed. The one wording
    /// for jobs run in this process and on a cluster's workers.
    package func answer(timeout: Double? = nil, engineWork: [String] = []) -> APIError {
        switch self {
        case .requested:
            APIError(503, "cancelled", "the job was cancelled by a DELETE request", retryAfter: 5).adding(engineWork)
        case .clientGone:
            APIError.clientGone.adding(engineWork)
        case .deadline:
            APIError(504, "generation_timeout", timeout.map { "the generation took longer than \(NumberText.compact($0)) s and was stopped; ask for fewer or smaller images" }
                ?? "the generation was stopped by its deadline").adding(engineWork)
        case .stopping:
            APIError.stopping.adding(engineWork)
        }
    }
}
