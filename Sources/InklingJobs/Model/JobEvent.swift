import InklingBase

/// One thing that happened to a generation job, in the order it happened.
public enum JobEvent: Sendable, Hashable {
    /// A worker (or this process) began: the style it paints in, the images asked for and what
    /// the engine noticed about the request (languages, clamped sizes, …).
    case started(style: String, limit: Int, notices: [String], worker: String?)
    /// Progress of the whole job, 0…1, when the engine reports it.
    case progress(Double)
    /// One finished image, stored and ready for its one download.
    case image(JobImage)
    /// All images are done.
    case done(count: Int)
    /// The job failed; the error is what its client is answered.
    case failed(APIError)
    /// The job was cancelled; the error is what a waiting client is answered (503 `cancelled`,
    /// 499 `client_gone`, 504 `generation_timeout`, 503 `stopping`).
    case cancelled(APIError)

    /// Whether this is the job's last event.
    public var isFinal: Bool {
        switch self {
        case .done, .failed, .cancelled: true
        case .started, .progress, .image: false
        }
    }
}

/// A finished image of a job, as the API lists it.
public struct JobImage: Sendable, Hashable {
    /// Its id in `/v1/images/{id}` (32 lower-case hex digits).
    public var id: String
    /// Which image of the request it is (0-based, as in its recipe).
    public var variation: Int
    /// Size in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The seed it was painted with.
    public var seed: UInt64
    /// The style it was painted in.
    public var style: String

    /// Creates an entry.
    public init(id: String, variation: Int, width: Int, height: Int, seed: UInt64, style: String) {
        self.id = id
        self.variation = variation
        self.width = width
        self.height = height
        self.seed = seed
        self.style = style
    }

    /// The download path.
    public var url: String { "/v1/images/\(id)" }
}
