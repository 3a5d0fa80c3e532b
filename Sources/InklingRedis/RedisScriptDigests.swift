import Foundation

/// The SHA-1 digests Redis gave for scripts loaded through one client (script source → digest).
///
/// A digest is a function of the source alone, so it stays right across Redis restarts; only
/// the script itself has to be loaded again there (NOSCRIPT).
final class RedisScriptDigests: @unchecked Sendable {
    private let lock = NSLock()
    private var digests: [String: String] = [:]

    /// The digest of `source`, if it was loaded before.
    func digest(of source: String) -> String? {
        lock.withLock { digests[source] }
    }

    /// Remembers `digest` for `source`.
    func remember(_ digest: String, for source: String) {
        lock.withLock { digests[source] = digest }
    }
}
