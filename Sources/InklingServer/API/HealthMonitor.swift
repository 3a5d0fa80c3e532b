import InklingLimits
import InklingHTTP
import InklingJobs
import Foundation

/// What `/healthz` answers: the jobs' own word (``GenerationJobs/unhealthy()``), asked in the
/// background once a second rather than per probe, so `/healthz` is answered on the server
/// thread at once, never queued behind other work, and a load balancer's probes cost a cluster's
/// store nothing.
final class HealthMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var why: String?

    /// How often the jobs are asked.
    static let interval = Duration.seconds(1)

    /// `nil` when jobs can be taken; otherwise why not, one line.
    var reason: String? { lock.withLock { why } }

    /// Asks `jobs` now.
    func refresh(from jobs: any GenerationJobs) async {
        let answer = await jobs.unhealthy()
        lock.withLock { why = answer }
    }
}
