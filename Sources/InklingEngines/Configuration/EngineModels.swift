/// The models an external engine uses, by the names its server knows them under.
public struct EngineModels: Sendable, Hashable {
    /// The diffusion checkpoint (ComfyUI `ckpt_name`, A1111 `sd_model_checkpoint`).
    public var checkpoint: String?
    /// The sketch control model: a ControlNet scribble / lineart model or a T2I-Adapter sketch
    /// model (ComfyUI `control_net_name`, A1111 ControlNet unit `model`).
    public var controlNet: String?
    /// The model name an OpenAI-compatible API wants (`gpt-image-1`, `dall-e-2`, or whatever
    /// stable-diffusion.cpp's server was started with).
    public var model: String?

    /// Creates a model list.
    public init(checkpoint: String? = nil, controlNet: String? = nil, model: String? = nil) {
        self.checkpoint = checkpoint
        self.controlNet = controlNet
        self.model = model
    }
}
