/// A token bucket: holds up to `capacity` tokens and regains `rate` per second.
struct TokenBucket: Sendable {
    let capacity: Double
    let rate: Double
    private(set) var tokens: Double
    private(set) var updated: Double

    /// A full bucket at time `now` (seconds).
    init(capacity: Double, rate: Double, now: Double) {
        self.capacity = capacity
        self.rate = rate
        tokens = capacity
        updated = now
    }

    /// This bucket with another capacity and rate: its tokens kept, at most the new capacity.
    func with(capacity: Double, rate: Double) -> TokenBucket {
        guard capacity != self.capacity || rate != self.rate else { return self }
        var bucket = TokenBucket(capacity: capacity, rate: rate, now: updated)
        bucket.tokens = min(tokens, capacity)
        return bucket
    }

    /// Takes `cost` tokens if there are enough; otherwise returns the seconds until there will be.
    mutating func take(_ cost: Double, now: Double) -> Double? {
        refill(now)
        if tokens >= cost {
            tokens -= cost
            return nil
        }
        return (min(cost, capacity) - tokens) / rate
    }

    /// Whether the bucket has refilled completely by `now` (so forgetting it loses nothing).
    func isFull(at now: Double) -> Bool { tokens + (now - updated) * rate >= capacity }

    private mutating func refill(_ now: Double) {
        if now > updated { tokens = min(capacity, tokens + (now - updated) * rate) }
        updated = max(updated, now)
    }
}
