/// The time a live session reads and waits on: the system's in a server, one the test moves
/// by hand in tests (no test ever waits on the wall clock).
public protocol LiveClock: Sendable {
    /// Seconds since some fixed moment; never goes backwards.
    func now() -> Double
    /// Returns at `deadline` (seconds on this clock) or later; throws `CancellationError` when
    /// the waiting task is cancelled first.
    func sleep(until deadline: Double) async throws
}
