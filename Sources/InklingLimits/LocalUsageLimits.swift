import InklingJobs
import Foundation
import InklingBase

/// Usage limits held in this process: one token bucket per client (a ``UsageClient`` name: an
/// API key or an address), regaining `rate` tokens per second up to `capacity`.
///
/// Buckets that have refilled are forgotten once there are many, so memory stays bounded.
public final class LocalUsageLimits: UsageLimits, @unchecked Sendable {
    private let rate: Double
    private let capacity: Double
    private let lock = NSLock()
    private var buckets: [String: TokenBucket] = [:]
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    private static let forgetAbove = 10_000

    /// Limits of `rate` tokens per second and bursts of `capacity`; `rate` 0 turns them off.
    public init(rate: Double, capacity: Double) {
        self.rate = rate
        self.capacity = capacity
        origin = clock.now
    }

    /// Charges `cost` tokens to `client`, or throws 429 `rate_limited` with the seconds to wait.
    public func charge(_ client: String, cost: Double, limits: ClientLimits) async throws(APIError) {
        try chargeNow(client, cost: cost, limits: limits)
    }

    /// ``charge(_:cost:limits:)`` without suspending.
    func chargeNow(_ client: String, cost: Double, limits: ClientLimits = ClientLimits()) throws(APIError) {
        let rate = limits.rate ?? self.rate
        let capacity = limits.burst ?? self.capacity
        guard rate > 0 else { return }
        let now = (clock.now - origin) / .milliseconds(1) / 1000
        let cost = min(cost, capacity)
        let wait: Double? = lock.withLock {
            if buckets.count > Self.forgetAbove {
                buckets = buckets.filter { !$0.value.isFull(at: now) }
            }
            // A key whose limits changed (the key file re-read) keeps its tokens, within its new burst.
            var bucket = buckets[client].map { $0.with(capacity: capacity, rate: rate) } ?? TokenBucket(capacity: capacity, rate: rate, now: now)
            let wait = bucket.take(cost, now: now)
            buckets[client] = bucket
            return wait
        }
        if let wait { throw APIError.rateLimited(client: client, wait: wait, capacity: capacity, rate: rate) }
    }
}
