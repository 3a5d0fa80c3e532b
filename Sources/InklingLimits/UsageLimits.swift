import InklingJobs

/// Usage limits: token buckets per client (an API key or an address), in this process or shared
/// by a cluster's front ends.
public protocol UsageLimits: Sendable {
    /// Charges `cost` tokens to `client`, or throws 429 `rate_limited` with the seconds to wait
    /// (503 `cluster_unavailable` when a shared store cannot be reached). `limits`: the client's
    /// own rate and burst (its API key's), where it has them.
    func charge(_ client: String, cost: Double, limits: ClientLimits) async throws(APIError)
}

extension UsageLimits {
    /// Charges `cost` tokens to `client` under the server's rate and burst.
    public func charge(_ client: String, cost: Double) async throws(APIError) {
        try await charge(client, cost: cost, limits: ClientLimits())
    }
}
