import InklingConditioning

/// What a ComfyUI engine uses for a live session's frames (``Conditioning/isLiveFrame``) instead
/// of the request's sampling: few-step settings for an LCM / Turbo / Hyper / Lightning model
/// (steps 4–8, a low CFG, sampler `lcm` or `euler_ancestral`, scheduler `sgm_uniform` or
/// `simple`), and optionally a workflow of its own. The `live` block of the engine configuration.
public struct EngineLiveSettings: Sendable, Hashable {
    /// Denoising steps of a frame, `1 ... 150`.
    public var steps: Int?
    /// Classifier-free guidance scale of a frame, `0 ... 30`.
    public var cfgScale: Double?
    /// Sampler name as the server spells it (`lcm`).
    public var sampler: String?
    /// Scheduler name as the server spells it (`sgm_uniform`).
    public var scheduler: String?
    /// A workflow for frames, instead of the engine's own (built-in or `workflow`).
    public var workflow: ComfyUIWorkflowFile?

    /// Settings; each `nil` leaves the frame's request as it is.
    public init(steps: Int? = nil, cfgScale: Double? = nil, sampler: String? = nil, scheduler: String? = nil,
                workflow: ComfyUIWorkflowFile? = nil) {
        self.steps = steps
        self.cfgScale = cfgScale
        self.sampler = sampler
        self.scheduler = scheduler
        self.workflow = workflow
    }

    /// A frame's sampling: these settings in place of the request's (a few-step model needs its
    /// own steps and sampler whatever the session's options say); the negative prompt stays.
    public func applied(to sampling: SamplingOverrides) -> SamplingOverrides {
        var result = sampling
        if let steps { result.steps = steps }
        if let cfgScale { result.cfgScale = cfgScale }
        if let sampler { result.sampler = sampler }
        if let scheduler { result.scheduler = scheduler }
        return result
    }
}
