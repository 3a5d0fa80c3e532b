import Foundation
import InklingConditioning
import InklingEngines

/// The sampler and scheduler names a server offers, fetched once per engine (its copies share
/// them), so a request's own sampler or scheduler is checked before anything is uploaded or
/// queued, with every valid choice in the refusal.
///
/// Only names a request sets are checked: the configuration's are `doctor`'s business. A server
/// without a list (an old A1111 without `/sdapi/v1/schedulers`) leaves the name unchecked.
final class SamplingLists: @unchecked Sendable {
    /// Fetches one list: `nil` when the server has none.
    typealias Fetch = @Sendable () async throws -> [String]?

    private let lock = NSLock()
    private var known: [String: [String]?] = [:]

    /// The names for `role` ("sampler", "scheduler"), fetched the first time only.
    func names(_ role: String, fetch: Fetch) async throws -> [String]? {
        if let cached = lock.withLock({ known[role] }) { return cached }
        let fetched = try await fetch()
        lock.withLock { known[role] = .some(fetched) }
        return fetched
    }

    /// The names for `role` if they were fetched: `.some(nil)` when the server has no list,
    /// `nil` when not asked yet.
    func cached(_ role: String) -> [String]?? { lock.withLock { known[role] } }

    /// Throws ``RemoteEngineError/rejected(service:details:)`` for the first of the request's
    /// sampler and scheduler that the server does not list; `suggest` may offer a likely name.
    func check(_ sampling: SamplingOverrides, service: String, samplers: Fetch, schedulers: Fetch,
               suggest: (_ role: String, _ name: String, _ available: [String]) -> String? = { _, _, _ in nil }) async throws {
        for (role, name) in [("sampler", sampling.sampler), ("scheduler", sampling.scheduler)] {
            guard let name, let available = try await names(role, fetch: role == "sampler" ? samplers : schedulers),
                  !available.contains(name) else { continue }
            let guess = suggest(role, name, available).map { " (did you mean \($0)?)" } ?? ""
            throw RemoteEngineError.rejected(service: service, details: Self.refusal(role, name, available: available) + guess)
        }
    }

    /// "no sampler 'x' (it has: a, b); ask for one of them, or leave the sampler out for defaults.sampler".
    static func refusal(_ role: String, _ name: String, available: [String]) -> String {
        "no \(role) '\(name)' (\(available.isEmpty ? "it lists none" : "it has: " + RemoteEngineError.list(available)));"
            + " ask for one of them, or leave the \(role) out for the configuration's defaults.\(role)"
    }
}
