import Foundation

/// Clean-up an engine could not finish while its caller waited, still running in the background:
/// deleting a ComfyUI prompt's history entry once the sampler's current step ends (the entry is
/// written only when the prompt stops). A long-lived process (`inkling serve`) lets them run; a
/// process about to exit (`inkling render` after Ctrl-C) waits for them through
/// ``waitForAll(seconds:)``, or leaves them, saying so, on a second Ctrl-C.
public final class PendingEngineCleanups: @unchecked Sendable {
    /// The process-wide instance the engines register with.
    public static let shared = PendingEngineCleanups()

    private let lock = NSLock()
    /// What each running clean-up does, by the order it started in.
    private var running: [Int: String] = [:]
    private var next = 0

    /// Creates an empty registry (tests make their own).
    public init() {}

    /// Runs `work` detached, listed under `summary` (what it does, for a person waiting on it)
    /// until it ends.
    public func start(_ summary: String, _ work: @escaping @Sendable () async -> Void) {
        let key = lock.withLock { () -> Int in
            defer { next += 1 }
            running[next] = summary
            return next
        }
        Task.detached { [self] in
            await work()
            lock.withLock { _ = running.removeValue(forKey: key) }
        }
    }

    /// What is still running, in the order it started.
    public var pending: [String] {
        lock.withLock { running.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Waits until every clean-up has ended or `seconds` have passed; returns the summaries of
    /// those still running then (empty when all ended).
    public func waitForAll(seconds: Double) async -> [String] {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if lock.withLock({ running.isEmpty }) { return [] }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return pending
    }
}
