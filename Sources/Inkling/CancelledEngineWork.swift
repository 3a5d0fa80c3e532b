import Foundation
import InklingEngines

/// What the variations of one cancelled request said became of their work on a remote engine
/// (``EngineFailure/cancelled(service:summary:)``), collected so the request's
/// ``ImageCreationError/creationCancelled(engineWork:)`` can report it.
final class CancelledEngineWork: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// Runs `generate`, recording the summary of an engine cancellation it throws.
    func recording<T>(_ generate: () async throws -> T) async throws -> T {
        do {
            return try await generate()
        } catch let failure as EngineFailure where failure.kind == .cancelled && Task.isCancelled {
            lock.withLock { if !lines.contains(failure.message) { lines.append(failure.message) } }
            throw failure
        }
    }

    /// The distinct summaries recorded, in the order the variations ended.
    var summaries: [String] { lock.withLock { lines } }
}
