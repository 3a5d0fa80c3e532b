/// Which protocol an external engine speaks.
public enum EngineKind: String, Sendable, Hashable, CaseIterable {
    /// ComfyUI's API (`/prompt`, `/ws`, `/history`, `/view`, `/upload/image`).
    case comfyui
    /// AUTOMATIC1111 / Forge web UI API (`/sdapi/v1/txt2img`, `/sdapi/v1/img2img`) with ControlNet.
    case automatic1111
    /// An OpenAI-compatible images API (`/v1/images/generations`, `/v1/images/edits`), which
    /// stable-diffusion.cpp's server also speaks.
    case openai

    /// The product name used in messages.
    public var displayName: String {
        switch self {
        case .comfyui: "ComfyUI"
        case .automatic1111: "A1111/Forge"
        case .openai: "the OpenAI-compatible server"
        }
    }

    /// How to start such a server, for "refused the connection" messages.
    public var startHint: String {
        switch self {
        case .comfyui: "is it running? (`python main.py --listen`)"
        case .automatic1111: "is it running with its API enabled? (`./webui.sh --api`)"
        case .openai: "is it running? (for stable-diffusion.cpp: `sd-server -m model.safetensors`)"
        }
    }
}
