/// The rules of a live session's generations as a value: latest input wins, at most one
/// generation in flight, never more than one waiting (the newest revision, whatever came
/// between), nothing started while a stroke is in progress, a grace period after a change
/// only while generations are slow, and, with `cancelOnChange`, a change cancels the
/// generation running.
///
/// Time is whatever clock the caller reads (seconds); the scheduler never reads one, so tests
/// drive it step by step. ``LiveSession`` feeds it what happens and does what ``decide(at:)``
/// says.
struct LiveScheduler: Sendable {
    /// The parameters.
    let parameters: LiveScheduling
    /// Whether a change cancels the running generation.
    var cancelOnChange: Bool
    /// The newest revision.
    private(set) var newest = 0
    /// When the newest change was accepted.
    private(set) var lastChangeAt: Double
    /// The revision a generation runs for, and when it started.
    private(set) var rendering: (revision: Int, since: Double)?
    /// Whether the running generation was asked to stop.
    private(set) var cancelRequested = false
    /// The newest revision whose generation ended with a frame or a failure: nothing runs for
    /// it, or anything older, again.
    private(set) var settled = -1
    /// The newest revision a frame answered.
    private(set) var answered: Int?
    /// When the stroke in progress last moved; `nil` when the pen is up.
    private(set) var penMovedAt: Double?
    /// The latest generations' times, in seconds, oldest first.
    private(set) var durations: [Double] = []

    /// A scheduler at revision 0, started at `now`.
    init(parameters: LiveScheduling, cancelOnChange: Bool, now: Double) {
        self.parameters = parameters
        self.cancelOnChange = cancelOnChange
        lastChangeAt = now
    }

    /// The grace period now: none until a generation was measured or while the median of the
    /// latest is below ``LiveScheduling/slowSeconds``, else ``LiveScheduling/graceSeconds``.
    var graceSeconds: Double {
        guard let median = Self.median(durations), median >= parameters.slowSeconds else { return 0 }
        return parameters.graceSeconds
    }

    /// The middle of `values` (the mean of the two middle ones for an even count); `nil` for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// A change was accepted: `revision` is the newest, as of `now`. A finished stroke or a
    /// clear also lifts the pen (`liftsPen`).
    mutating func changed(to revision: Int, at now: Double, liftsPen: Bool) {
        newest = max(newest, revision)
        lastChangeAt = now
        if liftsPen { penMovedAt = nil }
    }

    /// The stroke in progress moved (a `points` message).
    mutating func penMoved(at now: Double) {
        penMovedAt = now
    }

    /// The stroke in progress was abandoned.
    mutating func penLifted() {
        penMovedAt = nil
    }

    /// A generation of `revision` started at `now`.
    mutating func started(_ revision: Int, at now: Double) {
        rendering = (revision, now)
        cancelRequested = false
    }

    /// The running generation was asked to stop.
    mutating func cancelling() {
        cancelRequested = true
    }

    /// The generation of `revision` ended at `now`; returns whether its frame, if it made one,
    /// is to be sent (only when no newer revision was answered: frames never go backwards).
    @discardableResult
    mutating func ended(_ revision: Int, _ outcome: LiveRenderOutcome) -> Bool {
        if rendering?.revision == revision {
            rendering = nil
            cancelRequested = false
        }
        switch outcome {
        case .frame(let seconds):
            durations.append(seconds)
            let excess = durations.count - max(parameters.measuredRenders, 1)
            if excess > 0 { durations.removeFirst(excess) }
            settled = max(settled, revision)
            guard answered.map({ revision > $0 }) ?? true else { return false }
            answered = revision
            return true
        case .failed:
            settled = max(settled, revision)
            return false
        case .cancelled:
            return false
        }
    }

    /// What to do at `now`.
    func decide(at now: Double) -> LiveDecision {
        if let running = rendering {
            if cancelOnChange && newest > running.revision && !cancelRequested { return .cancel(running.revision) }
            return .wait(until: nil)
        }
        guard newest > settled else { return .idle }
        if let moved = penMovedAt {
            let release = moved + parameters.penTimeoutSeconds
            if now < release { return .wait(until: release) }
        }
        let due = lastChangeAt + graceSeconds
        if now < due { return .wait(until: due) }
        return .start(newest)
    }

    /// What the session is doing, for a state message.
    var activity: LiveActivity {
        if rendering != nil { return .running }
        if answered == newest { return .upToDate }
        return newest > settled ? .waiting : .idle
    }
}
