import InklingBase
import InklingHTTP
import InklingJobs
import Foundation

/// Who a request comes from, for usage limits and for who may see a job: the API key it sends
/// (`X-API-Key` or `Authorization: Bearer`), else its address.
///
/// Keys are held only as SHA-256 digests, and a key sent is compared with every one of them in
/// time that does not depend on where they differ. A client is named by its key's digest, so no
/// key appears in memory beyond the request that carries it, nor in a cluster's Redis.
struct UsageClient: Sendable {
    /// The digests of the known keys.
    let digests: [[UInt8]]
    /// Whether a request without a valid key is refused (`--require-api-key`).
    let required: Bool
    /// The keys' own limits, by client name (`key <digest>`).
    private let limits: [String: ClientLimits]

    init(keys: Set<String>, limits: [String: ClientLimits] = [:], required: Bool = false) {
        digests = keys.map { SHA256.digest(of: $0.utf8) }
        self.limits = Dictionary(limits.compactMap { key, limits in
            keys.contains(key) ? ("key " + SHA256.hexDigits(SHA256.digest(of: key.utf8)), limits) : nil
        }, uniquingKeysWith: { first, _ in first })
        self.required = required
    }

    /// The limits of client `name` (a ``name(of:)``): its key's own, or none (the server's).
    func limits(of name: String) -> ClientLimits { limits[name] ?? ClientLimits() }

    /// The key a request sends, if any.
    static func key(of request: HTTPRequest) -> String? {
        var key = request.header("x-api-key")
        if key == nil, let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("bearer ") {
            key = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return key.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The usage bucket of `request`: its key's, else its address's. An unknown key is refused
    /// (401); so is a request without a key when keys are required.
    func name(of request: HTTPRequest) throws(APIError) -> String {
        guard let key = Self.key(of: request) else {
            if required {
                throw APIError(401, "api_key_required", "this server answers only requests with an API key (X-API-Key, or Authorization: Bearer); ask its operator for one",
                               authenticate: "Bearer")
            }
            return "address \(request.client)"
        }
        guard let digest = match(key) else {
            throw APIError(401, "unknown_api_key", "the API key is not one this server knows; ask its operator for a key"
                           + (required ? "" : ", or send none to be limited by address"), authenticate: "Bearer")
        }
        // The key's digest as hex: the name of its bucket and the owner of its jobs.
        return "key " + SHA256.hexDigits(digest)
    }

    /// Whose jobs and images `request` may see: its key's when the server has keys.
    func owner(of request: HTTPRequest) throws(APIError) -> String? {
        digests.isEmpty ? nil : try name(of: request)
    }

    /// Whether `request` carries a valid key.
    func hasValidKey(_ request: HTTPRequest) -> Bool {
        Self.key(of: request).flatMap(match) != nil
    }

    /// The stored digest `key` has, compared with every stored one in constant time.
    private func match(_ key: String) -> [UInt8]? {
        let digest = SHA256.digest(of: key.utf8)
        var found: [UInt8]?
        for stored in digests {
            var difference: UInt8 = 0
            for (a, b) in zip(stored, digest) { difference |= a ^ b }
            if difference == 0 { found = stored }
        }
        return found
    }
}
