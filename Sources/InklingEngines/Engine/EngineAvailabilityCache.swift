import Foundation

/// An engine's last ``EngineAvailability`` answer, reused for a few seconds so that requests
/// in quick succession do not each ask the server; forgotten early when a request finds the
/// engine unreachable or unavailable (``invalidate()``). Shared by the copies of an engine.
public final class EngineAvailabilityCache: @unchecked Sendable {
    /// Seconds an answer is reused.
    public let ttl: Double
    private let lock = NSLock()
    private var cached: (answer: EngineAvailability, at: ContinuousClock.Instant)?

    /// A cache keeping answers `ttl` seconds (10 by default).
    public init(ttl: Double = 10) { self.ttl = ttl }

    /// The cached answer while it is fresh, else `fetch()`'s (which is then cached).
    public func value(_ fetch: () async -> EngineAvailability) async -> EngineAvailability {
        let now = ContinuousClock.now
        if let cached = lock.withLock({ cached }), now - cached.at < .milliseconds(Int64(ttl * 1000)) { return cached.answer }
        let answer = await fetch()
        lock.withLock { cached = (answer, now) }
        return answer
    }

    /// Forgets the answer: the next ``value(_:)`` asks again.
    func invalidate() { lock.withLock { cached = nil } }
}
