/// Sampler settings a request may set for itself; `nil` keeps the engine configuration's default.
///
/// Ranges are checked by ``GenerationOptions/validate()``; sampler and scheduler names are checked
/// by engines that know their server's lists.
public struct SamplingOverrides: Sendable, Hashable {
    /// Text the image should avoid (an empty string sends none).
    public var negativePrompt: String?
    /// Denoising steps, ``stepsRange``.
    public var steps: Int?
    /// Classifier-free guidance scale, ``cfgScaleRange``.
    public var cfgScale: Double?
    /// Sampler name as the server spells it (ComfyUI `euler`, A1111 `Euler a`).
    public var sampler: String?
    /// Scheduler name as the server spells it (ComfyUI `karras`, A1111 `Karras`).
    public var scheduler: String?

    /// Creates overrides; every one defaults to "the configuration's value".
    public init(negativePrompt: String? = nil, steps: Int? = nil, cfgScale: Double? = nil, sampler: String? = nil, scheduler: String? = nil) {
        self.negativePrompt = negativePrompt
        self.steps = steps
        self.cfgScale = cfgScale
        self.sampler = sampler
        self.scheduler = scheduler
    }

    /// No overrides: the configuration decides everything.
    public static let none = SamplingOverrides()

    /// Whether nothing is overridden.
    public var isEmpty: Bool { self == .none }

    /// Accepted steps (A1111 and ComfyUI both accept these; more only adds time).
    public static let stepsRange = 1...150
    /// Accepted CFG scales (A1111's slider range; ComfyUI allows up to 100, rarely useful).
    public static let cfgScaleRange = 0.0...30.0
    /// The longest accepted negative prompt, in bytes of UTF-8.
    static let maximumNegativePromptLength = 4_000
    /// The longest accepted sampler or scheduler name, in bytes of UTF-8.
    static let maximumNameLength = 100

    /// The option names of the overrides that are set (`steps`, `sampler`), for notices.
    public var setNames: [String] {
        var names: [String] = []
        if negativePrompt != nil { names.append("negativePrompt") }
        if steps != nil { names.append("steps") }
        if cfgScale != nil { names.append("cfgScale") }
        if sampler != nil { names.append("sampler") }
        if scheduler != nil { names.append("scheduler") }
        return names
    }
}
