/// A job's status (`GET /v1/jobs/{id}`): state, place in the queue, progress, images so far,
/// and the error of one that failed or was cancelled.
public struct JobStatus: Sendable, Hashable, Decodable {
    /// 32 hex digits.
    public var id: String
    public var state: JobState
    /// Jobs ahead of it while queued.
    public var position: Int?
    /// 0…1.
    public var progress: Double?
    /// Images asked for.
    public var limit: Int?
    /// The style, once started.
    public var style: String?
    /// Images finished so far, each to download once.
    public var images: [GeneratedImage]?
    /// Why it failed or was cancelled (`code`, `message`).
    public var error: JobError?
    /// 0 while queued, 1 once started.
    public var attempts: Int?

    /// A job's error as its status gives it.
    public struct JobError: Sendable, Hashable, Decodable {
        public var code: String
        public var message: String
    }
}
