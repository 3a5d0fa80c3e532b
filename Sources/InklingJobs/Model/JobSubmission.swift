/// A validated `POST /v1/generations` request on its way to ``GenerationJobs/submit(_:)``.
public struct JobSubmission: Sendable {
    /// The request: concepts (the drawing decoded), style, number of images, options.
    package var request: GenerationRequest
    /// Who may see the job and download its images (the usage client when API keys are
    /// configured), or `nil` for anyone with the id.
    public var owner: String?
    /// Who asked (the usage bucket: `key …` or `address …`), for the client's share of the
    /// image store; `nil`: counted as nobody's.
    public var client: String?
    /// The client's own limits (its API key's line in the key file): generations at once, and
    /// its share of the image store.
    public var limits: ClientLimits
    /// Which line it waits in: ``JobLane/batch`` (the default) or, for a live session's frames,
    /// ``JobLane/live``, which starts before every queued batch job.
    public var lane: JobLane

    package init(request: GenerationRequest, owner: String?, client: String? = nil, limits: ClientLimits = ClientLimits(), lane: JobLane = .batch) {
        self.request = request
        self.owner = owner
        self.client = client
        self.limits = limits
        self.lane = lane
    }
}
