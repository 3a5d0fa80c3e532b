import Foundation
import InklingJobs
import InklingLive

/// A renderer whose every call waits until the test says how it ends (``finish(_:_:)``) or
/// until it is cancelled; it records each request, the calls cancelled, and the most calls
/// ever in flight at once.
final class FakeLiveRenderer: LiveRenderer, @unchecked Sendable {
    /// How a call ends.
    enum Outcome {
        case frame
        case fail
    }

    private let lock = NSLock()
    private var requests: [LiveRenderRequest] = []
    private var inFlight = 0
    private var mostInFlight = 0
    private var waiting: [Int: CheckedContinuation<Outcome, any Error>] = [:]
    private var decided: [Int: Outcome] = [:]
    private var cancelledRevisions: [Int] = []

    /// Every request, in the order the calls came.
    var calls: [LiveRenderRequest] { lock.withLock { requests } }
    /// The revisions whose calls were cancelled.
    var cancelled: [Int] { lock.withLock { cancelledRevisions } }
    /// The most calls in flight at once.
    var maxInFlight: Int { lock.withLock { mostInFlight } }

    func render(_ request: LiveRenderRequest) async throws -> LiveFrame {
        let revision = request.revision
        lock.withLock {
            requests.append(request)
            inFlight += 1
            mostInFlight = max(mostInFlight, inFlight)
        }
        defer { lock.withLock { inFlight -= 1 } }
        let outcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Outcome, any Error>) in
                let now: Result<Outcome, any Error>? = lock.withLock {
                    if Task.isCancelled {
                        cancelledRevisions.append(revision)
                        return .failure(CancellationError())
                    }
                    if let outcome = decided.removeValue(forKey: revision) { return .success(outcome) }
                    waiting[revision] = continuation
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let continuation = lock.withLock { () -> CheckedContinuation<Outcome, any Error>? in
                guard let continuation = waiting.removeValue(forKey: revision) else { return nil }
                cancelledRevisions.append(revision)
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
        switch outcome {
        case .frame:
            return LiveFrame(revision: revision, bytes: Array("frame \(revision)".utf8), width: 8, height: 8)
        case .fail:
            throw APIError(502, "engine_error", "the fake engine failed revision \(revision)")
        }
    }

    /// Ends the call for `revision` (now, or as soon as it comes) with `outcome`.
    func finish(_ revision: Int, _ outcome: Outcome) {
        let continuation = lock.withLock { () -> CheckedContinuation<Outcome, any Error>? in
            guard let continuation = waiting.removeValue(forKey: revision) else {
                decided[revision] = outcome
                return nil
            }
            return continuation
        }
        continuation?.resume(returning: outcome)
    }
}
