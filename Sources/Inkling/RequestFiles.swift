import Foundation

/// The temporary files one request has written, so a cancelled request can remove them.
final class RequestFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []

    /// Records a written file.
    func add(_ url: URL) { lock.withLock { urls.append(url) } }

    /// Every file recorded so far.
    var all: [URL] { lock.withLock { urls } }
}
