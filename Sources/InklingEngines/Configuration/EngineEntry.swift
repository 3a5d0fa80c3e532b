import Foundation
import InklingConditioning

/// One configured external engine: where it is, how to authenticate, which models and sizes.
public struct EngineEntry: Sendable, Hashable {
    /// The name the user picks it by (`--engine comfyui`); also the engine's identifier in recipes.
    public var name: String
    /// The protocol it speaks.
    public var kind: EngineKind
    /// The server's base URL (the first of ``endpoints``).
    public var endpoint: URL
    /// Every server of a pool (`"endpoints"` in the configuration), the first being
    /// ``endpoint``; one element for a single server.
    public var endpoints: [URL]
    /// Seconds a pool leaves an endpoint that failed to answer before trying it again.
    public var endpointRetrySeconds: Double = 30
    /// A ComfyUI engine's own workflow, instead of the built-in one.
    public var workflow: ComfyUIWorkflowFile?
    /// A ComfyUI engine's settings for live frames (the `live` block), if any.
    public var live: EngineLiveSettings?
    /// How many uploaded images (by content) a ComfyUI engine remembers per server, to send the
    /// same bytes once (`uploadCache`; 0 sends every time). `nil`: the engine's standard number.
    public var uploadCache: Int?
    /// Whether it may be used.
    public var enabled: Bool
    /// The environment variable holding its API key (never the key itself), if it needs one.
    public var apiKeyEnvironment: String?
    /// Models by role.
    public var models: EngineModels
    /// Sizes the model produces well; the first is the default.
    public var sizes: [PixelSize]
    /// Languages its text encoder understands.
    public var languages: Set<String>
    /// Sampler settings.
    public var defaults: GenerationDefaults
    /// Seconds one HTTP request may take.
    public var timeoutSeconds: Double
    /// Seconds one image may take from queueing to download.
    public var generationTimeoutSeconds: Double
    /// Which server an `openai` engine talks to (ignored by the other kinds); `.openai` unless
    /// configured or implied by ``EngineFlavor/implied(model:)``.
    public var flavor: EngineFlavor = .openai

    /// Creates an entry; unspecified settings get the kind's standard values.
    public init(name: String, kind: EngineKind, endpoint: URL, enabled: Bool = true, apiKeyEnvironment: String? = nil,
                models: EngineModels = .init(), sizes: [PixelSize]? = nil, languages: Set<String> = ["en"],
                defaults: GenerationDefaults? = nil, timeoutSeconds: Double = 30, generationTimeoutSeconds: Double = 600) {
        self.name = name
        self.kind = kind
        self.endpoint = endpoint
        endpoints = [endpoint]
        self.enabled = enabled
        self.apiKeyEnvironment = apiKeyEnvironment
        self.models = models
        self.sizes = sizes ?? Self.standardSizes(for: kind)
        self.languages = languages
        self.defaults = defaults ?? .standard(for: kind)
        self.timeoutSeconds = timeoutSeconds
        self.generationTimeoutSeconds = generationTimeoutSeconds
    }

    /// SDXL's trained resolutions for ComfyUI and A1111; the sizes the OpenAI images API accepts.
    public static func standardSizes(for kind: EngineKind) -> [PixelSize] {
        switch kind {
        case .comfyui, .automatic1111:
            [(1024, 1024), (1152, 896), (896, 1152), (1216, 832), (832, 1216), (1344, 768), (768, 1344)]
                .map { PixelSize(width: $0.0, height: $0.1) }
        case .openai:
            [(1024, 1024), (1536, 1024), (1024, 1536)].map { PixelSize(width: $0.0, height: $0.1) }
        }
    }
}
