import Foundation
import InklingEngines

extension EngineConfiguration {
    /// The adapter for one entry: an ``EnginePool`` over one adapter per endpoint when the entry
    /// lists several.
    public static func engine(for entry: EngineEntry, environment: [String: String] = ProcessInfo.processInfo.environment) -> any ImageEngine {
        guard entry.endpoints.count > 1 else { return single(entry, environment: environment) }
        let members = entry.endpoints.map { endpoint -> EnginePoolMember in
            var one = entry
            one.endpoint = endpoint
            one.endpoints = [endpoint]
            let engine = single(one, environment: environment)
            var queueLength: (@Sendable () async throws -> Int)?
            if let comfyUI = engine as? ComfyUIEngine { queueLength = { try await comfyUI.queueLength() } }
            return EnginePoolMember(engine: engine, endpoint: endpoint.absoluteString, queueLength: queueLength)
        }
        return EnginePool(identifier: entry.name, members: members, backOff: entry.endpointRetrySeconds)
    }

    private static func single(_ entry: EngineEntry, environment: [String: String]) -> any ImageEngine {
        let key = entry.apiKeyEnvironment.flatMap { environment[$0] }
        switch entry.kind {
        case .comfyui: return ComfyUIEngine(entry: entry, apiKey: key)
        case .automatic1111: return Automatic1111Engine(entry: entry, apiKey: key)
        case .openai: return OpenAIImagesEngine(entry: entry, apiKey: key)
        }
    }
}
