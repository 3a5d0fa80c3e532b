import InklingLimits
import InklingRedis
import InklingJobs

/// What goes wrong in a cluster member outside a client's request.
public enum ClusterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Settings that do not fit together.
    case settings(String)
    /// Redis could not be used.
    case redis(RedisError)
    /// Redis answered something the cluster did not write (another program's keys, a version
    /// without a needed command).
    case unexpected(String)

    public var description: String {
        switch self {
        case .settings(let why): "cluster settings: \(why)"
        case .redis(let error): "redis: \(error.description)"
        case .unexpected(let what): "redis: \(what)"
        }
    }

    /// The answer a client gets when Redis fails under its request: 503 `cluster_unavailable`.
    /// A full Redis (`OOM`) asks for a later retry; a refusal by the Redis user's ACL (which a
    /// retry does not mend, and whose message from a script does not name the command) points
    /// the operator at `inkling doctor --cluster`.
    static func unavailable(_ error: RedisError, _ url: RedisURL) -> APIError {
        if case .server(let message) = error, message.hasPrefix("OOM") {
            return APIError(503, "cluster_unavailable", "the cluster's Redis (\(url)) is full (maxmemory): it takes new jobs again as images "
                + "are downloaded or expire; retry in 30 s", retryAfter: 30)
        }
        if case .server(let message) = error, message.hasPrefix("NOPERM") || message.contains("can't run this command") {
            return APIError(503, "cluster_unavailable", "the cluster's Redis (\(url)) refuses a command to this member's user: \(error.description); "
                + "`inkling doctor --cluster` names the commands the user may not run", retryAfter: 60)
        }
        return APIError(503, "cluster_unavailable", "the cluster's Redis (\(url)) cannot be used: \(error.description); retry shortly", retryAfter: 5)
    }
}
