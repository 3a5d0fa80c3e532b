import InklingBase
import InklingCluster
import InklingRedis

/// `--cluster URL` and the timings every member of a cluster must agree on.
struct ClusterOptions: Sendable {
    /// The settings, or `nil` without `--cluster`.
    var settings: ClusterSettings?

    /// The option specification.
    static let spec = ArgumentSpec(options: [
        .init("cluster", value: "url", help: "Redis of the cluster: redis://[user:password@]host:port[/db] or unix:///path/redis.sock; the password may come from $INKLING_REDIS_PASSWORD."),
        .init("visibility", value: "s", help: "Seconds a running job may go without its worker's heartbeat before another worker takes it over.", default: "30"),
        .init("heartbeat", value: "s", help: "Seconds between heartbeats of cluster members and running jobs.", default: "1"),
        .init("max-attempts", value: "n", help: "Times a job is started before it fails and goes to the dead-letter stream.", default: "3"),
        .init("cluster-queue", value: "n", help: "Jobs that may wait cluster-wide before front ends answer 503 queue_full.", default: "1000"),
    ])

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        guard let text = try arguments.value("cluster", as: String.self) else {
            for name in ["visibility", "heartbeat", "max-attempts", "cluster-queue"] where try arguments.value(name, as: String.self) != nil {
                throw .usage("--\(name) applies only with --cluster")
            }
            settings = nil
            return
        }
        let url: RedisURL
        do { url = try RedisURL(parsing: text) } catch { throw .usage("--cluster: \(error.description)") }
        var settings = ClusterSettings(url: url)
        if let value = try arguments.value("visibility", as: Double.self) { settings.visibilityTimeout = value }
        if let value = try arguments.value("heartbeat", as: Double.self) { settings.heartbeatInterval = value }
        if let value = try arguments.value("max-attempts", as: Int.self) { settings.maxAttempts = value }
        if let value = try arguments.value("cluster-queue", as: Int.self) { settings.queueLimit = value }
        do { try settings.validate() } catch { throw .usage(error.description) }
        self.settings = settings
    }
}
