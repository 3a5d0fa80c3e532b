import InklingJobs
import InklingRedis

/// The names of everything the cluster keeps in Redis, all under one prefix (`inkling:` by default).
///
/// | key | type | holds | lifetime |
/// |---|---|---|---|
/// | `queue` | sorted set | job ids waiting for a worker, by submission time | until a worker starts the job |
/// | `jobs:<engine>` | stream, group `workers` | one entry per job (its id only) for the engine's workers | deleted when the job ends |
/// | `jobs:<engine>:live` | stream, group `workers` | the same, for live sessions' frames (``JobLane/live``): the engine's workers claim from it before `jobs:<engine>` | deleted when the job ends |
/// | `job:<id>` | hash | state, owner, attempts, worker, the canonical request and its images | the job's lifetime, then the image TTL; inputs deleted when it ends |
/// | `job:<id>:events` | stream | what happened (started, image, done, …), as JSON | as the job |
/// | `job:<id>:images` | hash | variation → image entry: each variation is delivered once | as the job |
/// | `job:<id>:waiting` | string | a queued job's owner (a digest, or empty) and images asked for: it answers `queue_timeout` once the job's hash expired unstarted | its wait plus the image TTL; deleted when the job starts or ends |
/// | `image:<id>` | string | a finished PNG | image TTL, or its one download (`GETDEL`) |
/// | `image:<id>:owner` | string | who may download it (a digest) | as the image |
/// | `workers`, `frontends` | sorted set | member name → last heartbeat (ms) | pruned when stale |
/// | `worker:<name>`, `frontend:<name>` | hash | engine, styles, counters | 3 heartbeats |
/// | `deadletter` | stream | jobs that failed every attempt (id, engine, attempts, reason) | trimmed to its length |
/// | `finished:<second>` | counter | jobs ended in that second (the drain rate) | 2 minutes |
/// | `epoch` | string | 16 random hex digits naming this Redis's data: a Redis that comes back empty (no persistence) gets a new one, and ids made under the old one are answered `lost` | made by the first member that finds it missing |
/// | `clock` | counter | raised by each job queued and image delivered: a member that saw it higher than Redis now has it knows Redis went back to an older copy of its data (a snapshot, a lagging replica) and starts a new epoch | always |
/// | `epochs` | sorted set | earlier epochs → when a member saw each replaced (ms) | a day; the last 100 |
/// | `generations:<client digest>` | sorted set | the client's jobs queued or running → when each would expire (ms), for a key with `concurrent=` | a day after the last; entries leave as their jobs end or expire |
/// | `stored:<client digest>` | sorted set | the client's images waiting for download → when each expires (ms): its share of the cluster's image store | the image TTL after its last image |
/// | `stored:<client digest>:bytes` | hash | each of those images → its bytes, and `total` | as the set |
/// | `image:<id>:client` | string | the client digest whose share the image counts against | as the image |
/// | `bucket:<client digest>` | hash | a usage token bucket (clients are named by a SHA-256, never by their API key) | until it would be full again |
/// | `doctor:<token>:<kind>` | each type | `inkling doctor --cluster`'s throwaway keys (``ClusterCommandProbe``) | deleted by it; a minute at most |
public struct ClusterKeys: Sendable, Hashable {
    /// The prefix every key starts with.
    public let prefix: String

    /// Keys under `prefix`.
    public init(prefix: String = "inkling:") { self.prefix = prefix }

    var queue: String { prefix + "queue" }
    /// The stream of `engine`'s jobs in `lane` (engine names hold no `:`, so no engine's batch
    /// stream is another's live one).
    func jobs(engine: String, lane: JobLane = .batch) -> String {
        switch lane {
        case .batch: prefix + "jobs:" + engine
        case .live: prefix + "jobs:" + engine + ":live"
        }
    }
    func job(_ id: String) -> String { prefix + "job:" + id }
    func events(_ id: String) -> String { prefix + "job:" + id + ":events" }
    func images(_ id: String) -> String { prefix + "job:" + id + ":images" }
    func waiting(_ id: String) -> String { prefix + "job:" + id + ":waiting" }
    func image(_ id: String) -> String { prefix + "image:" + id }
    func imageOwner(_ id: String) -> String { prefix + "image:" + id + ":owner" }
    var workers: String { prefix + "workers" }
    var frontends: String { prefix + "frontends" }
    func worker(_ name: String) -> String { prefix + "worker:" + name }
    func frontend(_ name: String) -> String { prefix + "frontend:" + name }
    var epoch: String { prefix + "epoch" }
    var epochs: String { prefix + "epochs" }
    var clock: String { prefix + "clock" }
    var deadLetter: String { prefix + "deadletter" }
    func finished(second: Int64) -> String { prefix + "finished:" + String(second) }
    func bucket(_ client: String) -> String { prefix + "bucket:" + client }
    func generations(_ client: String) -> String { prefix + "generations:" + client }
    func stored(_ client: String) -> String { prefix + "stored:" + client }
    func storedBytes(_ client: String) -> String { prefix + "stored:" + client + ":bytes" }
    func imageClient(_ id: String) -> String { prefix + "image:" + id + ":client" }
    func doctorProbe(_ token: String) -> String { prefix + "doctor:" + token }

    /// The consumer group every engine's stream is read by.
    static let group = "workers"
}
