import InklingJobs

/// What a `keep` asks for: the current revision as a full-quality generation, the job
/// `POST /v1/generations` would make of it (the drawing, the prompt, the style, the options
/// with the session's seed). The transport submits it and answers with ``LiveKept``.
public struct LiveKeep: Sendable {
    /// The revision kept.
    public var revision: Int
    /// The job.
    public var request: JobRequest

    /// A keep.
    public init(revision: Int, request: JobRequest) {
        self.revision = revision
        self.request = request
    }

    /// The request as a submission for ``GenerationJobs/submit(_:)``, for `owner` (the API
    /// key's client, or `nil`), asked for as a job (`async`).
    public func submission(owner: String?, client: String? = nil, limits: ClientLimits = ClientLimits()) -> JobSubmission {
        JobSubmission(request: GenerationRequest(job: request), owner: owner, client: client, limits: limits)
    }
}
