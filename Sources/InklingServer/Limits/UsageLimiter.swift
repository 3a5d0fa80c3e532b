import Foundation
import InklingBase

/// Per-client usage limits: one token bucket per API key, or per address for requests without one.
///
/// A known key (`X-API-Key: k` or `Authorization: Bearer k`) gets its own bucket; a key that is
/// not configured is refused (401), so inventing keys cannot dodge the limit. Buckets that have
/// refilled are forgotten once there are many, so memory stays bounded.
final class UsageLimiter: @unchecked Sendable {
    private let rate: Double
    private let capacity: Double
    private let keys: Set<String>
    private let lock = NSLock()
    private var buckets: [String: TokenBucket] = [:]
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    private static let forgetAbove = 10_000

    /// Limits of `rate` tokens per second and bursts of `capacity`; `rate` 0 turns them off.
    init(rate: Double, capacity: Double, keys: Set<String>) {
        self.rate = rate
        self.capacity = capacity
        self.keys = keys
        origin = clock.now
    }

    /// The bucket a request counts against, or an error for an unknown key.
    func client(of request: HTTPRequest) throws(APIError) -> String {
        var key = request.header("x-api-key")
        if key == nil, let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("bearer ") {
            key = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        guard let key, !key.isEmpty else { return "address \(request.client)" }
        guard keys.contains(key) else {
            throw APIError(401, "unknown_api_key", "the API key is not one this server knows; ask its operator for a key, or send none to be limited by address")
        }
        return "key \(key)"
    }

    /// Charges `cost` tokens to the request's client, or throws 429 with the seconds to wait.
    func charge(_ request: HTTPRequest, cost: Double) throws(APIError) {
        let client = try client(of: request)
        guard rate > 0 else { return }
        let now = (clock.now - origin) / .milliseconds(1) / 1000
        let cost = min(cost, capacity)
        let wait: Double? = lock.withLock {
            if buckets.count > Self.forgetAbove {
                buckets = buckets.filter { !$0.value.isFull(at: now) }
            }
            var bucket = buckets[client] ?? TokenBucket(capacity: capacity, rate: rate, now: now)
            let wait = bucket.take(cost, now: now)
            buckets[client] = bucket
            return wait
        }
        if let wait { throw APIError.rateLimited(client: client, wait: wait, capacity: capacity, rate: rate) }
    }
}
