import InklingConditioning

/// Sampler settings an external engine uses when a request does not set its own
/// (``SamplingOverrides``): steps, classifier-free guidance scale, sampler, scheduler, negative prompt.
public struct GenerationDefaults: Sendable, Hashable {
    /// Denoising steps, `1 ... 150`.
    public var steps: Int
    /// Classifier-free guidance scale, `0 ... 30`.
    public var cfgScale: Double
    /// Sampler name as the server spells it (ComfyUI `euler`, A1111 `Euler a`).
    public var sampler: String
    /// Scheduler name (ComfyUI `normal`/`karras`, A1111 `Automatic`).
    public var scheduler: String
    /// Text the image should avoid.
    public var negativePrompt: String

    /// Creates settings.
    public init(steps: Int, cfgScale: Double, sampler: String, scheduler: String, negativePrompt: String) {
        self.steps = steps
        self.cfgScale = cfgScale
        self.sampler = sampler
        self.scheduler = scheduler
        self.negativePrompt = negativePrompt
    }

    /// Sensible settings for each kind of engine.
    public static func standard(for kind: EngineKind) -> GenerationDefaults {
        switch kind {
        case .comfyui: GenerationDefaults(steps: 20, cfgScale: 7, sampler: "euler", scheduler: "normal", negativePrompt: "blurry, low quality, watermark, text")
        case .automatic1111: GenerationDefaults(steps: 20, cfgScale: 7, sampler: "Euler a", scheduler: "Automatic", negativePrompt: "blurry, low quality, watermark, text")
        case .openai: GenerationDefaults(steps: 0, cfgScale: 0, sampler: "", scheduler: "", negativePrompt: "")
        }
    }

    /// These settings with the request's overrides in place of the defaults they set.
    public func applying(_ overrides: SamplingOverrides) -> GenerationDefaults {
        GenerationDefaults(
            steps: overrides.steps ?? steps, cfgScale: overrides.cfgScale ?? cfgScale,
            sampler: overrides.sampler ?? sampler, scheduler: overrides.scheduler ?? scheduler,
            negativePrompt: overrides.negativePrompt ?? negativePrompt)
    }
}
