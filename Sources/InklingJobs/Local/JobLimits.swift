import InklingConditioning

/// The limits of jobs run in this process (``LocalJobs``): slots, queue, deadline, how long
/// images and ended jobs are kept, and the styles offered. `inkling serve` takes them from its
/// configuration (`ServerConfiguration.jobLimits`), which validates them.
public struct JobLimits: Sendable, Hashable {
    /// Generations painted at once (at least 1).
    public var maxConcurrentGenerations: Int
    /// Generations waiting for a slot (503 `queue_full` beyond).
    public var maxQueuedGenerations: Int
    /// Seconds a generation may take before it is stopped (504 `generation_timeout`).
    public var generationTimeout: Double
    /// Seconds an image (and an ended job) is kept for its download.
    public var imageTTL: Double
    /// Bytes of images kept at once (503 `storage_full` beyond).
    public var maxStoredBytes: Int
    /// Ended jobs remembered at once (the oldest is forgotten first).
    public var maxRememberedJobs: Int
    /// The styles offered (narrowed to the engine's).
    public var allowedStyles: [Style]

    /// Limits; the defaults are `inkling serve`'s.
    public init(maxConcurrentGenerations: Int = 2, maxQueuedGenerations: Int = 8, generationTimeout: Double = 120,
                imageTTL: Double = 300, maxStoredBytes: Int = 256 << 20, maxRememberedJobs: Int = 4096,
                allowedStyles: [Style] = [.animation, .illustration, .sketch, .emoji]) {
        self.maxConcurrentGenerations = maxConcurrentGenerations
        self.maxQueuedGenerations = maxQueuedGenerations
        self.generationTimeout = generationTimeout
        self.imageTTL = imageTTL
        self.maxStoredBytes = maxStoredBytes
        self.maxRememberedJobs = maxRememberedJobs
        self.allowedStyles = allowedStyles
    }
}
