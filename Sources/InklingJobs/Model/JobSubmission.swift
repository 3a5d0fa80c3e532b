/// A validated `POST /v1/generations` request on its way to ``GenerationJobs/submit(_:)``.
public struct JobSubmission: Sendable {
    /// The request: concepts (the drawing decoded), style, number of images, options.
    package var request: GenerationRequest
    /// Who may see the job and download its images (the usage client when API keys are
    /// configured), or `nil` for anyone with the id.
    public var owner: String?

    package init(request: GenerationRequest, owner: String?) {
        self.request = request
        self.owner = owner
    }
}
