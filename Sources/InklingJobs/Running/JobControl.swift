/// The handle on one running job: whoever owns the job cancels it here (a `DELETE`, a client
/// that hangs up, a drain, Ctrl-C), and ``JobRunner`` waits here for whichever comes first, the
/// job's own end or a cancellation. The first reason given wins.
public final class JobControl: Sendable {
    /// How the engine's work ended by itself.
    enum Work: Sendable {
        /// Every image reported.
        case finished(Int)
        case failed(any Error)
        /// Cancelled; the lines say what became of the engine's work.
        case cancelled([String])
    }

    /// What ended the wait.
    enum Ending: Sendable {
        case work(Work)
        case stop(JobCancelReason)
    }

    private let ending = FirstArrival<Ending>()
    private let work = FirstArrival<Work>()

    /// A control for a job that has not been cancelled.
    public init() {}

    /// Asks the job to stop for `reason`, unless it has ended or was asked already.
    public func cancel(_ reason: JobCancelReason) {
        ending.offer(.stop(reason))
    }

    /// Why the job was asked to stop; `nil` while it was not (or once it ended by itself).
    public var reason: JobCancelReason? {
        if case .stop(let reason)? = ending.current { return reason }
        return nil
    }

    /// Records how the engine's work ended (also after a stop).
    func finish(_ outcome: Work) {
        work.offer(outcome)
        ending.offer(.work(outcome))
    }

    /// The end of the work or a cancellation, whichever came first.
    func wait() async -> Ending { await ending.wait() }

    /// How the work ended after a stop, if it does within `grace` seconds.
    func workAfterStop(grace: Double) async -> Work? {
        let first = FirstArrival<Work?>()
        let waiting = Task { first.offer(await work.wait()) }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(Int64(max(0, grace) * 1000)))
            first.offer(nil)
        }
        let result = await first.wait()
        waiting.cancel()
        timer.cancel()
        return result
    }
}
