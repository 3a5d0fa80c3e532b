/// Which server speaks an OpenAI-compatible images API, since they read the same request
/// differently: OpenAI itself, or stable-diffusion.cpp's `sd-server`.
public enum EngineFlavor: String, Sendable, Hashable, CaseIterable {
    /// OpenAI's images API: a transparent mask lets everything change, no seed is taken.
    case openai
    /// stable-diffusion.cpp's `sd-server`: masks are gray (0 keeps), and the seed, sampler
    /// settings, img2img strength and ControlNet image travel in `<sd_cpp_extra_args>` in the prompt.
    case sdServer = "sd-server"

    /// The one model id `sd-server` lists at `GET /v1/models`.
    public static let sdServerModel = "sd-cpp-local"

    /// The flavour an `openai` engine has when its configuration names none: `sd-server` when
    /// its model is `sd-server`'s own id, else OpenAI.
    public static func implied(model: String?) -> EngineFlavor {
        model == sdServerModel ? .sdServer : .openai
    }
}
