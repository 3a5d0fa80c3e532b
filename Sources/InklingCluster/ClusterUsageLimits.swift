import InklingLimits
import InklingBase
import InklingRedis
import InklingJobs

/// Usage limits shared by every front end of a cluster: one token bucket per client in Redis,
/// refilled and charged by one Lua script, so two front ends give a client no more than one would.
public struct ClusterUsageLimits: UsageLimits {
    let client: RedisClient
    let keys: ClusterKeys
    let url: RedisURL
    /// Tokens regained per second (0 turns limits off).
    public let rate: Double
    /// Most tokens a client holds.
    public let capacity: Double

    /// Buckets of `capacity` tokens refilled at `rate` per second, on `settings`' Redis.
    public init(settings: ClusterSettings, rate: Double, capacity: Double) {
        client = RedisClient(url: settings.url, poolSize: 4)
        keys = settings.keys
        url = settings.url
        self.rate = rate
        self.capacity = capacity
    }

    public func charge(_ clientName: String, cost: Double, limits: ClientLimits) async throws(APIError) {
        let rate = limits.rate ?? self.rate
        let capacity = limits.burst ?? self.capacity
        guard rate > 0 else { return }
        let reply: RedisReply
        do {
            reply = try await client.run(ClusterScripts.charge, keys: [.init(keys.bucket(ClusterJobs.tag(clientName)))],
                                         arguments: [.init(rate), .init(capacity), .init(min(cost, capacity))])
        } catch {
            throw ClusterError.unavailable(error, url)
        }
        guard let wait = reply.text.flatMap(Double.init), wait > 0 else { return }
        throw APIError.rateLimited(client: clientName, wait: wait, capacity: capacity, rate: rate)
    }
}
