/// Where a job is.
public enum JobState: String, Sendable, Hashable, Decodable {
    case queued, running, succeeded, failed, cancelled

    /// Whether the job has ended (nothing more will change).
    public var hasEnded: Bool { self == .succeeded || self == .failed || self == .cancelled }
}
