import Foundation

/// Finished images waiting for download: each is handed out once, then deleted; undelivered
/// ones are deleted after the TTL. Held in memory only (never on disk), under a byte budget.
final class ImageStore: @unchecked Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var expires: ContinuousClock.Instant
        /// Who may download it (the usage client that made it), or `nil` for anyone with the URL.
        var owner: String?
    }

    private let ttl: Duration
    private let maxBytes: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var storedBytes = 0
    private let clock = ContinuousClock()

    /// A store that keeps images `ttl` seconds and at most `maxBytes` in all.
    init(ttl: Double, maxBytes: Int) {
        self.ttl = .milliseconds(Int64(ttl * 1000))
        self.maxBytes = maxBytes
    }

    /// Stores `bytes` for `owner` (`nil`: anyone with the id) and returns its new identifier
    /// (32 lower-case hex digits).
    func insert(_ bytes: [UInt8], owner: String? = nil) throws(APIError) -> String {
        let id = RandomID.make()
        let now = clock.now
        let stored: Bool = lock.withLock {
            sweepLocked(now)
            guard storedBytes + bytes.count <= maxBytes else { return false }
            entries[id] = Entry(bytes: bytes, expires: now + ttl, owner: owner)
            storedBytes += bytes.count
            return true
        }
        guard stored else {
            throw APIError(503, "storage_full", "too many finished images are waiting for download; fetch or wait for them to expire, then retry", retryAfter: 10)
        }
        return id
    }

    /// Removes and returns the image `id`, if it is there, has not expired and `requester` may
    /// have it (an owned image answers only its owner; others see nothing, as if it were not there).
    func take(_ id: String, requester: String? = nil) -> [UInt8]? {
        let now = clock.now
        return lock.withLock {
            sweepLocked(now)
            guard let entry = entries[id], entry.owner == nil || entry.owner == requester else { return nil }
            entries.removeValue(forKey: id)
            storedBytes -= entry.bytes.count
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
            storedBytes = 0
        }
    }

    /// How many images are waiting.
    var count: Int { lock.withLock { entries.count } }

    private func sweepLocked(_ now: ContinuousClock.Instant) {
        for (id, entry) in entries where entry.expires <= now {
            entries.removeValue(forKey: id)
            storedBytes -= entry.bytes.count
        }
    }
}
