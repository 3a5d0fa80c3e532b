import InklingJobs
import InklingBase

extension APIError {
    /// 429 `rate_limited` for `client` (`key …` or `address …`), who must wait `wait` seconds
    /// under buckets of `capacity` tokens refilled at `rate` per second. The one wording of the
    /// limit, for limits kept in this process and limits shared through a cluster.
    package static func rateLimited(client: String, wait: Double, capacity: Double, rate: Double) -> APIError {
        // A tiny --rate makes the wait astronomically long: say a day at most.
        let seconds = min(86_400, max(1, Int(saturating: wait.rounded(.up), nan: 86_400)))
        return APIError(429, "rate_limited",
                        "usage limit reached for \(client.hasPrefix("key") ? "this API key" : "this address") (\(number(capacity)) per burst, \(number(rate)) per second); retry in \(seconds) s",
                        retryAfter: seconds)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? NumberText.compact(value) : String(format: "%.2f", value)
    }
}
