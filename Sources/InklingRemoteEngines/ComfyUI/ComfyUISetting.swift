import InklingEngines

/// A configured value ComfyUI must find in one of its lists: a model file, a sampler, a
/// scheduler. Knows the node input that lists it, the configuration key that sets it, and what
/// to say when the server lacks it.
struct ComfyUISetting: Sendable, Hashable {
    /// What it is, for messages and `doctor` ("checkpoint", "sampler").
    var role: String
    /// The node class whose input lists the choices.
    var node: String
    /// The input.
    var input: String
    /// The configuration key that sets it.
    var key: String
    /// Where the file goes, for models (`models/checkpoints`).
    var folder: String?

    static let checkpoint = ComfyUISetting(role: "checkpoint", node: "CheckpointLoaderSimple", input: "ckpt_name", key: "models.checkpoint",
                                           folder: "models/checkpoints")
    static let controlNet = ComfyUISetting(role: "ControlNet model", node: "ControlNetLoader", input: "control_net_name", key: "models.controlNet",
                                           folder: "models/controlnet")
    static let sampler = ComfyUISetting(role: "sampler", node: "KSampler", input: "sampler_name", key: "defaults.sampler")
    static let scheduler = ComfyUISetting(role: "scheduler", node: "KSampler", input: "scheduler", key: "defaults.scheduler")

    static let liveSampler = ComfyUISetting(role: "live sampler", node: "KSampler", input: "sampler_name", key: "live.sampler")
    static let liveScheduler = ComfyUISetting(role: "live scheduler", node: "KSampler", input: "scheduler", key: "live.scheduler")

    /// The settings a `value_not_in_list` error on this node input is about.
    static func of(node: String, input: String) -> ComfyUISetting? {
        [checkpoint, controlNet, sampler, scheduler].first { $0.node == node && $0.input == input }
    }

    /// "ComfyUI at … has no sampler 'Euler a' (it has: …); fix defaults.sampler … (did you mean euler_ancestral?)".
    func missing(_ name: String, available: [String], service: String) -> RemoteEngineError {
        var hint = folder.map { "put it in ComfyUI/\($0) or fix \(key) in the engine configuration" } ?? "fix \(key) in the engine configuration"
        if let guess = suggestion(for: name, among: available) { hint += " (did you mean \(guess)?)" }
        return .modelMissing(service: service, role: role, name: name, available: available, hint: hint)
    }

    /// ComfyUI's name for an AUTOMATIC1111 sampler or scheduler name (`Euler a` → `euler_ancestral`,
    /// `Automatic` → `normal`), or a name that differs only in case, when the server has it.
    func suggestion(for name: String, among available: [String]) -> String? {
        let lowered = name.lowercased()
        var candidates: [String] = []
        if let known = (role == "scheduler" ? Self.a1111Schedulers : Self.a1111Samplers)[lowered] { candidates.append(known) }
        candidates.append(lowered.replacingOccurrences(of: "++", with: "pp").replacingOccurrences(of: " a", with: " ancestral")
            .replacingOccurrences(of: " ", with: "_"))
        candidates += available.filter { $0.lowercased() == lowered }
        return candidates.first { $0 != name && available.contains($0) }
    }

    /// AUTOMATIC1111's sampler names (lower-cased) and ComfyUI's for the same sampler.
    static let a1111Samplers: [String: String] = [
        "euler a": "euler_ancestral", "euler": "euler", "lms": "lms", "heun": "heun", "dpm2": "dpm_2", "dpm2 a": "dpm_2_ancestral",
        "dpm++ 2s a": "dpmpp_2s_ancestral", "dpm++ 2m": "dpmpp_2m", "dpm++ sde": "dpmpp_sde", "dpm++ 2m sde": "dpmpp_2m_sde",
        "dpm++ 3m sde": "dpmpp_3m_sde", "dpm fast": "dpm_fast", "dpm adaptive": "dpm_adaptive", "ddim": "ddim", "unipc": "uni_pc",
        "lcm": "lcm", "dpm++ 2m karras": "dpmpp_2m", "dpm++ sde karras": "dpmpp_sde", "dpm++ 2m sde karras": "dpmpp_2m_sde",
    ]

    /// AUTOMATIC1111's schedule types (lower-cased) and ComfyUI's scheduler.
    static let a1111Schedulers: [String: String] = [
        "automatic": "normal", "uniform": "normal", "karras": "karras", "exponential": "exponential", "sgm uniform": "sgm_uniform",
        "simple": "simple", "normal": "normal", "ddim": "ddim_uniform", "beta": "beta", "kl optimal": "kl_optimal",
    ]
}
