/// How a job ended, as ``JobRunner`` decides it. Errors keep their kind (an
/// `ImageCreationError`, a file that could not be written, a full store's `APIError`) until the
/// edge that reports them: the server and the cluster answer with an ``APIError``, the CLI with
/// an exit code.
public enum JobOutcome: Sendable {
    /// Every image was painted and reported.
    case finished(images: Int)
    /// It failed; the error says why.
    case failed(any Error)
    /// It was stopped for `reason` (a deadline among them); the lines say what became of the
    /// engine's part of it.
    case cancelled(JobCancelReason, engineWork: [String])
}
