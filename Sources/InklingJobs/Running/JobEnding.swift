/// What ended the wait for a running ``LocalJobs`` job: its work, its deadline, or a
/// cancellation (``GenerationJobs/cancel(_:requester:reason:)``, a drain, a stop).
enum JobEnding: Sendable {
    /// How the engine's work ended by itself.
    enum Outcome: Sendable {
        /// Every image is stored.
        case finished(count: Int)
        /// It failed; the error is the answer.
        case failed(APIError)
        /// It was cancelled by no one of ours (the engine stopped it); the lines say what
        /// became of the engine's part of it.
        case cancelled(engineWork: [String])
    }

    /// The work ended by itself.
    case work(Outcome)
    /// The generation timeout passed.
    case deadline
    /// Someone asked for it to stop.
    case cancelled(JobCancelReason)
}
