import Foundation
import InklingBase
import InklingJobs
import InklingRedis

/// Jobs and images Redis does not have: why (a wait that ran out, data Redis lost, or nothing
/// known), and what a client is answered instead of a bare 404.
extension ClusterJobs {
    /// Why Redis has no record of a job (or image) a client asks about.
    enum Absence {
        /// A queued job whose wait ran out before a worker started it (its waiting note: the
        /// owner's digest, empty for none, and the images asked for).
        case queueTimeout(owner: String, limit: Int)
        /// Made under an epoch of Redis's data that was replaced (seconds since 1970).
        case lost(replacedAt: Double)
        /// Never made here, or expired.
        case unknown

        /// The event a job's reader ends with; `nil` for an unknown job, unless `seen` (the
        /// reader saw it exist: it was lost).
        func finalEvent(_ jobs: ClusterJobs, seen: Bool) -> JobEvent? {
            switch self {
            case .queueTimeout: .cancelled(jobs.queueTimeout)
            case .lost(let at): .failed(jobs.lost(replacedAt: at))
            case .unknown: seen ? .failed(jobs.lost(replacedAt: nil)) : nil
            }
        }
    }

    /// The answer for a job whose wait in the queue ran out.
    var queueTimeout: APIError {
        APIError(503, "queue_timeout", "the job waited longer than \(Int(imageTTL)) s for a worker and was dropped; retry when the cluster is less busy", retryAfter: 30)
    }

    /// The answer for a job whose record Redis lost (at `replacedAt`, when known).
    func lost(replacedAt: Double?) -> APIError {
        let when = replacedAt.map { " \(NumberText.compact(max(0, (Date().timeIntervalSince1970 - $0).rounded()))) s ago" } ?? ""
        let why = replacedAt == nil
            ? "its record disappeared from the cluster's Redis (evicted under maxmemory, or deleted)"
            : "the cluster's Redis lost data\(when) (it came back empty or from an older copy: restarted without persistence, from a snapshot older than the job, or flushed)"
        return APIError(503, "lost", "the job was lost: \(why); submit it again", retryAfter: 5)
    }

    /// Why Redis has no `id` (a job's, unless `job` is false: an image's): its waiting note, or
    /// the epoch it was made under. Epochs come from Redis and from what this front end knew.
    func absence(of id: String, job: Bool) async throws(APIError) -> Absence {
        var commands: [[RedisArgument]] = [["GET", .init(keys.epoch)], ["GET", .init(keys.clock)], ["ZRANGE", .init(keys.epochs), "0", "-1", "WITHSCORES"]]
        if job { commands.append(["GET", .init(keys.waiting(id))]) }
        let replies: [RedisReply]
        do { replies = try await client.pipeline(commands) } catch { throw unavailable(error) }
        if job, let note = replies[3].text, let colon = note.lastIndex(of: ":") {
            return .queueTimeout(owner: String(note[..<colon]), limit: Int(note[note.index(after: colon)...]) ?? 1)
        }
        let now = Date().timeIntervalSince1970
        let current = replies[0].text.map(ClusterEpoch.init(name:))
        let clock = replies[1].text.flatMap { Int64($0) } ?? 0
        var replaced = ReplacedEpoch.list(from: replies[2])
        // What this front end knew: the epochs it read, and its current one if Redis has another
        // (or none yet: it came back empty a moment ago), or the same one with a lower clock than
        // this front end saw (it came back from an older copy, and the next heartbeat replaces it).
        if let known = lock.withLock({ epochs }) {
            replaced += known.replaced
            if known.current != current || clock < known.clock { replaced.append(ReplacedEpoch(epoch: known.current, replacedAt: now)) }
        }
        if let match = replaced.first(where: { $0.epoch.made(id) && now - $0.replacedAt < lostWindow }) {
            return .lost(replacedAt: match.replacedAt)
        }
        return .unknown
    }

    /// A job's status from why Redis has no record of it, or 404.
    func status(absent absence: Absence, id: String, requester: String?) throws(APIError) -> JobStatus {
        switch absence {
        case .queueTimeout(let owner, let limit):
            if !owner.isEmpty, owner != requester.map(Self.tag) { throw Self.notFound(id) }
            return JobStatus(id: id, state: .cancelled, limit: limit, error: queueTimeout)
        case .lost(let at):
            return JobStatus(id: id, state: .failed, limit: 1, error: lost(replacedAt: at))
        case .unknown:
            throw Self.notFound(id)
        }
    }
}
