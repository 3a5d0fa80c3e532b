/// A `kept` message, `{"type": "kept", "revision": N, "job": "…", "url": "/v1/jobs/…"}`: the
/// job a keep became (the transport fills it in after submitting ``LiveKeep``'s request).
public struct LiveKept: Sendable, Hashable {
    /// The revision kept.
    public var revision: Int
    /// The job's id.
    public var job: String
    /// Where to follow it (`/v1/jobs/{id}`) or fetch its image.
    public var url: String?

    /// A kept message.
    public init(revision: Int, job: String, url: String? = nil) {
        self.revision = revision
        self.job = job
        self.url = url
    }
}
