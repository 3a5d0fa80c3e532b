import Foundation
import InklingEngines

extension EngineConfiguration {
    /// The adapter for one entry.
    public static func engine(for entry: EngineEntry, environment: [String: String] = ProcessInfo.processInfo.environment) -> any ImageEngine {
        let key = entry.apiKeyEnvironment.flatMap { environment[$0] }
        switch entry.kind {
        case .comfyui: return ComfyUIEngine(entry: entry, apiKey: key)
        case .automatic1111: return Automatic1111Engine(entry: entry, apiKey: key)
        case .openai: return OpenAIImagesEngine(entry: entry, apiKey: key)
        }
    }
}
