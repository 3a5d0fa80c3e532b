import Foundation

/// Asks an engine to stop an ``EngineRequest`` while its event stream stays open, so the
/// consumer still hears what became of the work (``EngineEvent/cancelled(summary:)``) and the
/// end of the stream. Ending the iteration instead stops the work too, but nothing more is heard.
public final class EngineStop: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var handlers: [@Sendable () -> Void] = []

    /// A signal not yet given.
    public init() {}

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { lock.withLock { stopped } }

    /// Gives the signal: every handler runs once, now; later ones run as they are added.
    public func stop() {
        let run: [@Sendable () -> Void] = lock.withLock {
            guard !stopped else { return [] }
            stopped = true
            defer { handlers = [] }
            return handlers
        }
        for handler in run { handler() }
    }

    /// Runs `handler` when the signal is given (at once if it was already).
    func onStop(_ handler: @escaping @Sendable () -> Void) {
        let now: Bool = lock.withLock {
            if stopped { return true }
            handlers.append(handler)
            return false
        }
        if now { handler() }
    }
}
