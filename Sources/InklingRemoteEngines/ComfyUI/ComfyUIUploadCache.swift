import Foundation

/// The images one ComfyUI engine (one server) has uploaded, by their content-derived names
/// (`inkling-<sha256 prefix>-guide.png`), so that the same bytes are sent once: a live session
/// whose prompt or options change, an undo back to a drawing already sent, a source image used
/// again. Bounded: the `capacity` names used most recently are kept (0 keeps none).
///
/// What it remembers may be wrong: ComfyUI empties its temp folder when it restarts. A prompt
/// that ComfyUI then refuses for a missing image (``ComfyUIMissingUploads``) makes the engine
/// ``forgetAll()`` and upload again, once. The cache changes nothing on the server: the files
/// stay in `ComfyUI/temp` until ComfyUI restarts, cached or not (there is no API to delete them).
final class ComfyUIUploadCache: @unchecked Sendable {
    /// Names kept when the configuration sets no `uploadCache`.
    static let standardCapacity = 64
    /// The most names a configuration may ask for.
    static let maximumCapacity = 4096

    /// How many names are kept.
    let capacity: Int
    private let lock = NSLock()
    /// Requested name → the name LoadImage takes (ComfyUI's answer to the upload).
    private var names: [String: String] = [:]
    /// Requested names, least recently used first.
    private var order: [String] = []
    private var counts = Counts()

    /// What went through the cache, for tests, `doctor` and measurements.
    struct Counts: Sendable, Hashable {
        /// Uploads sent (`POST /upload/image`).
        var uploads = 0
        /// Bytes of PNG sent in them.
        var bytes = 0
        /// Uploads skipped because the same bytes had been sent.
        var reused = 0
        /// Times the server had lost what was cached (a refused prompt made it upload again).
        var lost = 0
    }

    /// A cache of `capacity` names (clamped to 0…``maximumCapacity``).
    init(capacity: Int = ComfyUIUploadCache.standardCapacity) {
        self.capacity = min(max(0, capacity), Self.maximumCapacity)
    }

    /// The counts so far.
    var statistics: Counts { lock.withLock { counts } }

    /// The LoadImage name of an upload named `requested`, when it was sent before (it becomes
    /// the most recently used), or `nil`.
    func lookUp(_ requested: String) -> String? {
        lock.withLock {
            guard let name = names[requested] else { return nil }
            if let index = order.firstIndex(of: requested) { order.remove(at: index) }
            order.append(requested)
            counts.reused += 1
            return name
        }
    }

    /// Notes an upload of `bytes` bytes named `requested` that ComfyUI stored as `stored`,
    /// dropping the least recently used names beyond ``capacity``.
    func remember(_ requested: String, as stored: String, bytes: Int) {
        lock.withLock {
            counts.uploads += 1
            counts.bytes += bytes
            guard capacity > 0 else { return }
            if names.updateValue(stored, forKey: requested) != nil, let index = order.firstIndex(of: requested) { order.remove(at: index) }
            order.append(requested)
            while order.count > capacity { names[order.removeFirst()] = nil }
        }
    }

    /// Forgets every name: the server lost files it had (it restarted).
    func forgetAll() {
        lock.withLock {
            names = [:]
            order = []
            counts.lost += 1
        }
    }

    /// How many names are kept now.
    var count: Int { lock.withLock { names.count } }
}
