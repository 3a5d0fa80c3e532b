import Foundation

/// The temporary files one request has written, and which of them reached the consumer, so a
/// cancelled request removes exactly the files nobody received.
final class RequestFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []
    private var delivered: Set<URL> = []

    /// Records a written file.
    func add(_ url: URL) { lock.withLock { urls.append(url) } }

    /// Records that the consumer received `url`: from then on it is the consumer's to move or remove.
    func markDelivered(_ url: URL) { _ = lock.withLock { delivered.insert(url) } }

    /// Files written but never handed to the consumer.
    var undelivered: [URL] { lock.withLock { urls.filter { !delivered.contains($0) } } }

    /// Every file recorded so far.
    var all: [URL] { lock.withLock { urls } }
}
