import Foundation

/// What waits to be sent to one client, between a session's ``LiveSession/outputs`` and a
/// transport that may be slower than the session: every message in order, but at most one
/// frame, the newest. A frame put while an older one still waits replaces it (the older is
/// counted as dropped, and the newer takes the end of the line), so a slow reader always gets
/// the newest frame, its last one answering the session's last revision, and never a backlog.
///
/// One task ``put(_:)``s the session's outputs and ``finish()``es; one task ``take()``s them
/// and sends them, and ``putBack(_:)`` a frame it cannot send yet (its transport's queue is
/// full), so a newer one can still replace it while it waits.
public final class LiveOutbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [LiveOutput] = []
    private var finished = false
    private var waiter: CheckedContinuation<LiveOutput?, Never>?
    private var droppedCount = 0

    /// An empty outbox.
    public init() {}

    /// Frames replaced before they were sent, so far.
    public var dropped: Int { lock.withLock { droppedCount } }

    /// Adds `output` at the end of the line; a frame replaces the frame still waiting, if any.
    /// Returns whether a frame was dropped for it.
    @discardableResult
    public func put(_ output: LiveOutput) -> Bool {
        let (resumed, dropped) = lock.withLock { () -> (CheckedContinuation<LiveOutput?, Never>?, Bool) in
            guard !finished else { return (nil, false) }
            var dropped = false
            if output.binary != nil, let index = items.firstIndex(where: { $0.binary != nil }) {
                items.remove(at: index)
                droppedCount += 1
                dropped = true
            }
            if let waiter {
                self.waiter = nil
                return (waiter, dropped)
            }
            items.append(output)
            return (nil, dropped)
        }
        resumed?.resume(returning: output)
        return dropped
    }

    /// Puts back at the head of the line a frame just taken that could not be sent yet; a newer
    /// frame put meanwhile wins, and this one is dropped. Returns whether it was dropped.
    @discardableResult
    public func putBack(_ frame: LiveOutput) -> Bool {
        lock.withLock {
            if items.contains(where: { $0.binary != nil }) {
                droppedCount += 1
                return true
            }
            items.insert(frame, at: 0)
            return false
        }
    }

    /// Nothing more will be put; ``take()`` returns what waits, then `nil`.
    public func finish() {
        let resumed = lock.withLock { () -> CheckedContinuation<LiveOutput?, Never>? in
            finished = true
            defer { waiter = nil }
            return waiter
        }
        resumed?.resume(returning: nil)
    }

    /// The next output to send, waiting for one; `nil` once finished and empty.
    public func take() async -> LiveOutput? {
        await withCheckedContinuation { (continuation: CheckedContinuation<LiveOutput?, Never>) in
            let now = lock.withLock { () -> LiveOutput?? in
                if !items.isEmpty { return .some(items.removeFirst()) }
                if finished { return .some(nil) }
                waiter = continuation
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
