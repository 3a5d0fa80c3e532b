import InklingBase
import InklingConditioning

/// Where a generation job is in its life.
public enum JobState: String, Sendable, Hashable, CaseIterable {
    /// Waiting for a slot or a worker.
    case queued
    /// Being painted.
    case running
    /// Every image is done.
    case succeeded
    /// Ended with an error.
    case failed
    /// Cancelled before it finished.
    case cancelled

    /// Whether the job has ended.
    public var isFinal: Bool { self == .succeeded || self == .failed || self == .cancelled }
}

/// A job as `GET /v1/jobs/{id}` reports it.
public struct JobStatus: Sendable, Hashable {
    /// The job id.
    public var id: String
    /// Its state.
    public var state: JobState
    /// Jobs ahead of it in the queue (0: next), while queued.
    public var position: Int?
    /// Who runs it (a worker's name; `nil` in single-process mode or while queued).
    public var worker: String?
    /// 0…1: images done (and the engine's progress within the current one, when reported).
    public var progress: Double
    /// Images asked for.
    public var limit: Int
    /// The style it paints in, once started.
    public var style: String?
    /// Images finished so far (each downloadable once, until the TTL).
    public var images: [JobImage]
    /// Why it failed or was cancelled.
    public var error: APIError?
    /// Attempts so far (a cluster job whose worker died is tried again).
    public var attempts: Int

    /// Creates a status.
    public init(id: String, state: JobState, position: Int? = nil, worker: String? = nil, progress: Double = 0, limit: Int,
                style: String? = nil, images: [JobImage] = [], error: APIError? = nil, attempts: Int = 0) {
        self.id = id
        self.state = state
        self.position = position
        self.worker = worker
        self.progress = progress
        self.limit = limit
        self.style = style
        self.images = images
        self.error = error
        self.attempts = attempts
    }
}

/// What `GET /v1/availability` says about the jobs side.
public struct JobsAvailability: Sendable, Hashable {
    /// One worker (or this process).
    public struct Worker: Sendable, Hashable {
        public var name: String
        public var engine: String
        public var styles: [String]
        /// Sizes its engine produces, its default first; `nil` when it does not say (a worker
        /// built before workers listed them).
        public var sizes: [PixelSize]?
        /// Languages its engine understands; `nil` when it does not say.
        public var languages: [String]?
        public var concurrency: Int
        public var running: Int
        /// Seconds since its last heartbeat (0 for this process).
        public var lastSeen: Double
        public var jobsDone: Int
        public var failures: Int

        public init(name: String, engine: String, styles: [String], sizes: [PixelSize]? = nil, languages: [String]? = nil, concurrency: Int,
                    running: Int, lastSeen: Double, jobsDone: Int, failures: Int) {
            self.name = name
            self.engine = engine
            self.styles = styles
            self.sizes = sizes
            self.languages = languages
            self.concurrency = concurrency
            self.running = running
            self.lastSeen = lastSeen
            self.jobsDone = jobsDone
            self.failures = failures
        }
    }

    /// `"local"` or `"cluster"`.
    public var mode: String
    /// Whoever runs jobs now.
    public var workers: [Worker]
    /// Jobs running now.
    public var running: Int
    /// Jobs waiting.
    public var queued: Int
    /// Most jobs that may wait.
    public var queueLimit: Int
    /// Jobs finished per second, over the last minute.
    public var throughput: Double
    /// Finished images waiting for their one download, where this process holds them (`nil`
    /// when it cannot tell: images kept elsewhere).
    public var storedImages: Int?

    public init(mode: String, workers: [Worker], running: Int, queued: Int, queueLimit: Int, throughput: Double, storedImages: Int? = nil) {
        self.mode = mode
        self.workers = workers
        self.running = running
        self.queued = queued
        self.queueLimit = queueLimit
        self.throughput = throughput
        self.storedImages = storedImages
    }
}
