import Foundation
import InklingBase

/// Finished images waiting for download: each is handed out once, then deleted; undelivered
/// ones are deleted after the TTL. Held in memory only (never on disk), under a byte budget.
final class ImageStore: @unchecked Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var expires: ContinuousClock.Instant
        /// Who may download it (the usage client that made it), or `nil` for anyone with the URL.
        var owner: String?
        var client: String?
    }

    private let ttl: Duration
    private let maxBytes: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var storedBytes = 0
    /// The most bytes one client's images may take: its share of the store.
    private let share: Int
    /// Bytes stored per client.
    private var perClient: [String: Int] = [:]
    private let clock = ContinuousClock()

    /// A store that keeps images `ttl` seconds and at most `maxBytes` in all.
    /// A store of at most `maxBytes`, each client's images at most `share` of it (a quarter by default).
    init(ttl: Double, maxBytes: Int, share: Int? = nil) {
        self.ttl = .milliseconds(Int64(ttl * 1000))
        self.maxBytes = maxBytes
        self.share = share ?? max(1, maxBytes / 4)
    }

    /// Stores `bytes` for `owner` (`nil`: anyone with the id) and returns its new identifier
    /// (32 lower-case hex digits).
    /// `share`: the client's own share (its key's), instead of the store's.
    func insert(_ bytes: [UInt8], owner: String? = nil, client: String? = nil, share clientShare: Int? = nil) throws(APIError) -> String {
        let share = clientShare ?? self.share
        let id = RandomID.make()
        let now = clock.now
        enum Verdict { case stored, overShare(Int), full }
        let verdict: Verdict = lock.withLock {
            sweepLocked(now)
            // One client over its share is refused for itself; the others keep their room. A
            // client holding nothing may always store one image (an image may be larger than a
            // small store's share).
            if let client, let held = perClient[client], held + bytes.count > share { return .overShare(held) }
            guard storedBytes + bytes.count <= maxBytes else { return .full }
            entries[id] = Entry(bytes: bytes, expires: now + ttl, owner: owner, client: client)
            storedBytes += bytes.count
            if let client { perClient[client, default: 0] += bytes.count }
            return .stored
        }
        switch verdict {
        case .stored:
            return id
        case .overShare(let held):
            throw APIError(429, "storage_share_full",
                           "your finished images take \(NumberText.bytes(held)), your share of the image store (\(NumberText.bytes(share)) of \(NumberText.bytes(maxBytes))); download them or wait for them to expire, then retry",
                           retryAfter: 10)
        case .full:
            throw APIError(503, "storage_full", "too many finished images are waiting for download; fetch or wait for them to expire, then retry", retryAfter: 10)
        }
    }

    /// Removes and returns the image `id`, if it is there, has not expired and `requester` may
    /// have it (an owned image answers only its owner; others see nothing, as if it were not there).
    func take(_ id: String, requester: String? = nil) -> [UInt8]? {
        let now = clock.now
        return lock.withLock {
            sweepLocked(now)
            guard let entry = entries[id], entry.owner == nil || entry.owner == requester else { return nil }
            removeLocked(id, entry)
            return entry.bytes
        }
    }

    /// Image `id` if `requester` could take it now, without taking it (for `HEAD`).
    func peek(_ id: String, requester: String? = nil) -> [UInt8]? {
        let now = clock.now
        return lock.withLock {
            sweepLocked(now)
            guard let entry = entries[id], entry.owner == nil || entry.owner == requester else { return nil }
            return entry.bytes
        }
    }

    /// Deletes expired images.
    func sweep() {
        let now = clock.now
        lock.withLock { sweepLocked(now) }
    }

    /// Deletes everything.
    func removeAll() {
        lock.withLock {
            entries.removeAll()
            perClient.removeAll()
            storedBytes = 0
        }
    }

    /// How many images are waiting.
    var count: Int { lock.withLock { entries.count } }

    private func sweepLocked(_ now: ContinuousClock.Instant) {
        for (id, entry) in entries where entry.expires <= now { removeLocked(id, entry) }
    }

    private func removeLocked(_ id: String, _ entry: Entry) {
        entries.removeValue(forKey: id)
        storedBytes -= entry.bytes.count
        if let client = entry.client {
            let left = perClient[client, default: 0] - entry.bytes.count
            perClient[client] = left > 0 ? left : nil
        }
    }
}
