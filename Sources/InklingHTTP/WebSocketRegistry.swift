import Foundation

/// A server's upgraded connections: the count ``WebSocketLimits/maxConnections`` bounds (a slot
/// is reserved before the 101, so a refusal can still be an HTTP answer), and the close that
/// draining and stopping send them all.
final class WebSocketRegistry: @unchecked Sendable {
    let limits: WebSocketLimits
    private let lock = NSLock()
    // Guarded by `lock`.
    private var live: [ObjectIdentifier: WebSocketCore] = [:]
    private var reserved = 0
    private var draining = false

    init(limits: WebSocketLimits) { self.limits = limits }

    /// Takes a slot for a connection about to be upgraded; `false` when all are taken or the
    /// server is draining.
    func reserve() -> Bool {
        lock.withLock {
            guard !draining, live.count + reserved < max(0, limits.maxConnections) else { return false }
            reserved += 1
            return true
        }
    }

    /// Gives back a slot whose upgrade never happened.
    func unreserve() { lock.withLock { reserved = max(0, reserved - 1) } }

    /// Moves a reserved slot to `core`, which will leave through ``remove(_:)``; `false` when the
    /// server began draining meanwhile (the caller closes it).
    func adopt(_ core: WebSocketCore) -> Bool {
        lock.withLock {
            reserved = max(0, reserved - 1)
            live[ObjectIdentifier(core)] = core
            return !draining
        }
    }

    /// Forgets an ended connection.
    func remove(_ id: ObjectIdentifier) { _ = lock.withLock { live.removeValue(forKey: id) } }

    /// Connections open now.
    var count: Int { lock.withLock { live.count } }

    /// Refuses new upgrades and closes every connection with 1001 (queued messages dropped).
    func drain() {
        let cores = lock.withLock {
            draining = true
            return Array(live.values)
        }
        for core in cores { core.close(code: 1001, reason: "the server is shutting down", discardQueued: true) }
    }

    /// ``drain()``, then waits up to `seconds` for the close handshakes to end.
    func closeAll(within seconds: Double) {
        drain()
        let deadline = WebSocketCore.now() + seconds
        while count > 0, WebSocketCore.now() < deadline { usleep(5000) }
    }
}
