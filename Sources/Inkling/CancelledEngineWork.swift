import Foundation
import InklingEngines

/// What the variations of one cancelled request said became of their work on a remote engine
/// (``EngineEvent/cancelled(summary:)``), collected so the request's
/// ``ImageCreationError/creationCancelled(engineWork:)`` can report it.
final class CancelledEngineWork: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// Records one summary (once, however many variations said it).
    func record(_ summary: String) {
        lock.withLock { if !lines.contains(summary) { lines.append(summary) } }
    }

    /// The distinct summaries recorded, in the order the variations ended.
    var summaries: [String] { lock.withLock { lines } }
}
