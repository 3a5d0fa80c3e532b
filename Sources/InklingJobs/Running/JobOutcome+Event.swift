import Inkling

extension JobOutcome {
    /// The job's final event, the same in this process and in a cluster: done; failed, with a
    /// deadline's 504 `generation_timeout` among the failures (the job did not finish in time;
    /// nobody cancelled it); or cancelled, saying by whom and what became of the engine's work.
    package func event(timeout: Double?) -> JobEvent {
        switch self {
        case .finished(let count): .done(count: count)
        case .failed(let error): .failed(APIError.failure(error))
        case .cancelled(.deadline, let engineWork): .failed(JobCancelReason.deadline.answer(timeout: timeout, engineWork: engineWork))
        case .cancelled(let reason, let engineWork): .cancelled(reason.answer(engineWork: engineWork))
        }
    }
}

extension APIError {
    /// The answer for a job's failure: an `APIError` as it is, an image creation error by its
    /// kind, anything else as the engine's failure.
    package static func failure(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        case let error as ImageCreationError: .creation(error)
        default: .creation(ImageCreationError.engine(error))
        }
    }
}
