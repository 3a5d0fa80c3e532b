/// What Inkling fills into a user's ComfyUI workflow per request: the key under
/// `workflow.inputs` in the engine configuration names the node input that receives it.
public enum ComfyUIWorkflowRole: String, Sendable, Hashable, CaseIterable {
    /// The positive prompt text, composed as for the built-in workflow.
    case prompt
    /// The request's negative prompt, else the configured `defaults.negativePrompt`.
    case negativePrompt
    /// The uploaded guidance map's name (a LoadImage `image`).
    case guidanceImage
    /// The uploaded source image's name (a LoadImage `image`).
    case sourceImage
    /// The variation's seed.
    case seed
    /// The output width.
    case width
    /// The output height.
    case height
    /// The ControlNet strength (scaled by the guidance mode as for the built-in workflow).
    case controlStrength
    /// Where in sampling the ControlNet starts, `0 ... 1`.
    case controlStart
    /// Where in sampling the ControlNet ends, `0 ... 1`.
    case controlEnd
    /// The sampler's denoise: 1 without a source image, `1 − source strength` with one.
    case denoise
    /// The request's sampling steps; without one the workflow keeps its own value.
    case steps
    /// The request's CFG scale; without one the workflow keeps its own value.
    case cfgScale
    /// The request's sampler (a KSampler `sampler_name`); without one the workflow keeps its own.
    case sampler
    /// The request's scheduler; without one the workflow keeps its own.
    case scheduler
}
