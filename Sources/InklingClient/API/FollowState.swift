/// What ``InklingServerClient/followJob(id:every:)`` remembers between polls (the unfolding
/// closure runs one call at a time, so it needs no lock).
final class FollowState: @unchecked Sendable {
    /// The last status given.
    var last: JobStatus?
    /// Whether the job has ended.
    var ended = false
}
