/// The system's monotonic clock (`ContinuousClock`), in seconds since the clock was made.
public struct SystemLiveClock: LiveClock {
    private let origin = ContinuousClock.now

    /// A clock reading 0 now.
    public init() {}

    public func now() -> Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    public func sleep(until deadline: Double) async throws {
        let wait = deadline - now()
        guard wait > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .seconds(wait))
    }
}
