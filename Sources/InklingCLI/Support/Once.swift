import Dispatch
import Foundation

/// Resumes a continuation the first time ``fire()`` is called, keeping signal sources alive meanwhile.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    /// Keeps `source` until the continuation is resumed.
    func keep(_ source: any DispatchSourceSignal) { lock.withLock { sources.append(source) } }

    /// Resumes the continuation once; later calls do nothing.
    func fire() {
        let pending: CheckedContinuation<Void, Never>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        pending?.resume()
    }
}
