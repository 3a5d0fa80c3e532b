/// Which line a job waits in: how it is scheduled, not what it paints.
///
/// A queued ``live`` job starts before every queued ``batch`` job (in single-process mode and on
/// a cluster's workers alike); neither ever preempts a running job. Both count the same against
/// the queue's bound and the client's generations at once (``ClientLimits/concurrent``): a live
/// session has at most one frame in flight, so it holds one of its client's slots, as a waiting
/// request would.
public enum JobLane: String, Sendable, Hashable, CaseIterable {
    /// `POST /v1/generations`, a live session's `keep`: first come, first served.
    case batch
    /// A live session's frame (``JobSubmission`` from `JobLiveRenderer`): someone is watching
    /// the pen, so it goes ahead of the batch line.
    case live
}
