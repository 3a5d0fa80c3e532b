import InklingRedis

/// How a cluster member (front end or worker) uses Redis: where it is and the timings every
/// member must agree on.
public struct ClusterSettings: Sendable {
    /// The Redis server.
    public var url: RedisURL
    /// Key names.
    public var keys = ClusterKeys()
    /// Seconds a running job may go without its worker's heartbeat before another worker
    /// reclaims it (`XAUTOCLAIM`'s minimum idle time).
    public var visibilityTimeout = 30.0
    /// Seconds between heartbeats (members, and each running job).
    public var heartbeatInterval = 1.0
    /// Times a job is started (first run plus reclaims) before it fails with
    /// `attempts_exhausted` and goes to the dead-letter stream.
    public var maxAttempts = 3
    /// Entries the dead-letter stream keeps (older ones are trimmed).
    var deadLetterLength = 1000
    /// Jobs that may wait cluster-wide; beyond it front ends answer 503 `queue_full`.
    public var queueLimit = 1000

    /// Settings for the Redis at `url`, with the defaults above.
    public init(url: RedisURL) { self.url = url }

    /// Seconds after its last heartbeat a member is listed as gone (three heartbeats, at least 5 s).
    var staleAfter: Double { max(5, heartbeatInterval * 3) }

    /// Checks that the timings make sense together; the message names the setting.
    public func validate() throws(ClusterError) {
        guard heartbeatInterval >= 0.05, heartbeatInterval <= 60 else { throw .settings("the heartbeat must be 0.05…60 seconds") }
        guard visibilityTimeout >= heartbeatInterval * 2, visibilityTimeout <= 86_400 else {
            throw .settings("the visibility timeout must be at least two heartbeats (\(heartbeatInterval * 2) s) and at most a day")
        }
        guard (1...100).contains(maxAttempts) else { throw .settings("attempts must be 1…100") }
        guard (1...1_000_000).contains(deadLetterLength) else { throw .settings("the dead-letter length must be 1…1000000") }
        guard (1...1_000_000).contains(queueLimit) else { throw .settings("the cluster queue must hold 1…1000000 jobs") }
    }
}
