/// The bound on how many messages a live session takes per second: a token bucket of
/// ``LiveLimits/messageBurst`` messages refilled at ``LiveLimits/maxMessagesPerSecond``, read
/// on the session's clock. A message over the bound is refused before a byte of it is parsed;
/// the refusals are counted and reported at most once a second, so a flood cannot make the
/// session write as much as it reads.
struct LiveMessageRate: Sendable {
    /// Messages regained per second.
    let perSecond: Double
    /// Most messages held.
    let burst: Double
    private var tokens: Double
    private var at: Double
    /// Messages refused since the last report.
    private(set) var refusedSinceReport = 0
    private var reportedAt = -Double.infinity

    /// A full bucket at `now`.
    init(perSecond: Double, burst: Double, now: Double) {
        self.perSecond = perSecond.isFinite ? max(perSecond, 0) : 0
        self.burst = burst.isFinite ? max(burst, 1) : 1
        tokens = self.burst
        at = now
    }

    /// Whether one more message may be taken at `now` (taking it if so).
    mutating func admit(at now: Double) -> Bool {
        if now > at {
            tokens = min(burst, tokens + (now - at) * perSecond)
            at = now
        }
        guard tokens >= 1 else {
            refusedSinceReport += 1
            return false
        }
        tokens -= 1
        return true
    }

    /// The number of refusals to report now, if a report is due (at most one a second); resets
    /// the count.
    mutating func report(at now: Double) -> Int? {
        guard refusedSinceReport > 0, now - reportedAt >= 1 else { return nil }
        defer {
            refusedSinceReport = 0
            reportedAt = now
        }
        return refusedSinceReport
    }
}
