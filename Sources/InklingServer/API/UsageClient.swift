import InklingHTTP
import InklingJobs
import Foundation

/// Who a request counts as, for usage limits and for who may see its jobs and images: its API
/// key (`X-API-Key: k` or `Authorization: Bearer k`), or its address when it sends no key.
///
/// A key that is not configured is refused (401 `unknown_api_key`), so inventing keys cannot
/// dodge the limits. Names are `key k` or `address a`; ``LocalUsageLimits`` words its 429 by them.
struct UsageClient: Sendable {
    /// The configured API keys.
    let keys: Set<String>

    /// The name `request` counts under, or 401 `unknown_api_key`.
    func name(of request: HTTPRequest) throws(APIError) -> String {
        var key = request.header("x-api-key")
        if key == nil, let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("bearer ") {
            key = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        guard let key, !key.isEmpty else { return "address \(request.client)" }
        guard keys.contains(key) else {
            throw APIError(401, "unknown_api_key", "the API key is not one this server knows; ask its operator for a key, or send none to be limited by address")
        }
        return "key \(key)"
    }

    /// Who may see the jobs and images `request` makes: with API keys configured, its name (the
    /// key, or the address for a request without one); without keys, anyone holding the id.
    func owner(of request: HTTPRequest) throws(APIError) -> String? {
        keys.isEmpty ? nil : try name(of: request)
    }
}
