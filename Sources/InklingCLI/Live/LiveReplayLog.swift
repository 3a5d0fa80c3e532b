import Foundation
import InklingBase

/// What one replayed live session saw, in the order it happened: the frames (revision and
/// arrival), the server's state, a failure that ends the session. Times are seconds since the
/// session's start on one monotonic clock.
actor LiveReplayLog {
    /// One frame: the revision it answers and when its image had arrived.
    struct Frame: Sendable {
        var revision: Int
        var arrival: Double
    }

    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    /// When each stroke's message went out (index 0 is stroke 1, revision 1).
    private(set) var sent: [Double] = []
    private(set) var frames: [Frame] = []
    /// The newest revision a frame or a state message said was answered.
    private(set) var answered = -1
    /// The newest revision the server announced.
    private(set) var revision = 0
    /// The most frames the server said it skipped (`dropped` on state messages, absent while 0).
    private(set) var dropped = 0
    /// The job a `keep` became.
    private(set) var kept: String?
    /// Why the session cannot go on (an error message, a closed connection, a protocol slip).
    private(set) var failure: String?

    init() { origin = clock.now }

    /// What the session saw, once it is over.
    struct Snapshot: Sendable {
        var sent: [Double]
        var frames: [Frame]
        var revision: Int
        var dropped: Int
        var kept: String?
    }

    func snapshot() -> Snapshot { Snapshot(sent: sent, frames: frames, revision: revision, dropped: dropped, kept: kept) }

    /// Seconds since the session began.
    nonisolated func now() -> Double { Double((clock.now - origin) / .microseconds(1)) / 1e6 }

    func strokeSent(at time: Double) { sent.append(time) }

    func frame(_ revision: Int, at time: Double) {
        frames.append(Frame(revision: revision, arrival: time))
        answered = max(answered, revision)
    }

    /// A `state` message's fields.
    func state(revision: Int?, answered: Int?, dropped: Int?) {
        if let revision { self.revision = max(self.revision, revision) }
        if let answered { self.answered = max(self.answered, answered) }
        if let dropped { self.dropped = max(self.dropped, dropped) }
    }

    func kept(_ job: String) { kept = job }

    /// Records the first failure; later ones are consequences of it.
    func fail(_ why: String) {
        if failure == nil { failure = why }
    }

    /// Waits until a frame (or a state message, when the frame was skipped) answered `revision`,
    /// the session failed, or `deadline` (seconds since the start) passed; whether it was answered.
    nonisolated func waitUntilAnswered(_ revision: Int, deadline: Double) async -> Bool {
        while true {
            let (done, failed) = await (answered >= revision, failure != nil)
            if done { return true }
            if failed || now() >= deadline || Task.isCancelled { return false }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
    }

    /// Waits until `kept` is set, as ``waitUntilAnswered(_:deadline:)`` waits.
    nonisolated func waitUntilKept(deadline: Double) async -> String? {
        while true {
            let (job, failed) = await (kept, failure != nil)
            if let job { return job }
            if failed || now() >= deadline || Task.isCancelled { return nil }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
    }
}
