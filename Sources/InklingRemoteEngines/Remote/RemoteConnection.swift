import InklingEngines
import InklingTransport

/// What every HTTP adapter derives from its configuration entry: the client (an API key goes out
/// as a bearer token), its capabilities, and the checks that need no request.
struct RemoteConnection: Sendable {
    /// The configuration entry.
    let entry: EngineEntry
    /// The client for the entry's endpoint, named after the engine's product for messages.
    let http: HTTPClient
    /// Whether the entry names an API key variable that is not set.
    let apiKeyMissing: Bool
    /// The last availability answer, reused for a few seconds (shared by the engine's copies).
    let availability = EngineAvailabilityCache()

    /// The connection of an engine of `kind` configured by `entry`.
    init(entry: EngineEntry, kind: EngineKind, apiKey: String?) {
        self.entry = entry
        http = HTTPClient(base: entry.endpoint, product: kind.displayName, startHint: kind.startHint,
                          timeout: entry.timeoutSeconds, generationTimeout: entry.generationTimeoutSeconds,
                          headers: apiKey.map { ["Authorization": "Bearer \($0)"] } ?? [:], failure: RemoteEngineError.fromTransport)
        apiKeyMissing = entry.apiKeyEnvironment != nil && apiKey == nil
    }

    /// The configured languages and sizes; every style but emoji (which needs transparency).
    var capabilities: EngineCapabilities {
        EngineCapabilities(languages: entry.languages, sizes: entry.sizes, styles: [.illustration, .animation, .sketch, .externalProvider])
    }

    /// The diagnosis when the engine must not be asked at all: disabled in the configuration, or
    /// its API key unset; `nil` when a request may go out.
    func refusal() -> EngineDiagnosis? {
        let endpoint = entry.endpoint.absoluteString
        if !entry.enabled {
            return EngineDiagnosis(availability: .unavailable(reason: RemoteEngineError.disabled(engine: entry.name).description), endpoint: endpoint)
        }
        if apiKeyMissing, let variable = entry.apiKeyEnvironment {
            return EngineDiagnosis(availability: .unavailable(reason: RemoteEngineError.missingCredential(engine: entry.name, variable: variable).description),
                                   endpoint: endpoint)
        }
        return nil
    }
}
