import Foundation

/// How many WebSocket connections each client holds open, bounded per client
/// (`--max-live-per-client`): one client (an API key, or an address without keys) cannot take
/// every live slot of the server.
///
/// A slot is held by a ``Slot`` object and given back when that object goes: whether the
/// connection's handler ran to its end or the upgrade never happened, no count is left behind.
// Unchecked: the counts are read and changed under the lock.
final class LiveConnectionsPerClient: @unchecked Sendable {
    /// Most connections one client may hold; 0: no bound.
    let maxPerClient: Int
    private let lock = NSLock()
    private var open: [String: Int] = [:]

    /// A registry allowing `maxPerClient` connections to each client (0: no bound).
    init(maxPerClient: Int) {
        self.maxPerClient = maxPerClient
    }

    /// One client's hold on one connection; released when it is deinitialised.
    final class Slot: Sendable {
        private let registry: LiveConnectionsPerClient
        private let client: String

        fileprivate init(registry: LiveConnectionsPerClient, client: String) {
            self.registry = registry
            self.client = client
        }

        deinit { registry.release(client) }
    }

    /// A slot for `client`, or `nil` when it holds ``maxPerClient`` already.
    func take(_ client: String) -> Slot? {
        let taken = lock.withLock { () -> Bool in
            let count = open[client, default: 0]
            guard maxPerClient == 0 || count < maxPerClient else { return false }
            open[client] = count + 1
            return true
        }
        return taken ? Slot(registry: self, client: client) : nil
    }

    /// Connections `client` holds now.
    func count(of client: String) -> Int {
        lock.withLock { open[client, default: 0] }
    }

    private func release(_ client: String) {
        lock.withLock {
            let count = open[client, default: 0] - 1
            if count > 0 { open[client] = count } else { open[client] = nil }
        }
    }
}
