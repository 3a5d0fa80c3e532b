/// The sampler and scheduler names stable-diffusion.cpp's `sd-server` understands (commit
/// 97d2990: `sample_method_to_str`, `scheduler_to_str` in `stable-diffusion.cpp`, and the A1111
/// aliases of `get_sdapi_sample_method` in `examples/server/routes_sdapi.cpp`). The server
/// ignores a name it does not know and runs its default, without a word, so Inkling checks.
enum SDServerNames {
    /// Sampler names, as `sample_params.sample_method` and `/sdapi/v1/samplers` spell them.
    static let samplers = ["euler", "euler_a", "heun", "dpm2", "dpm++2s_a", "dpm++2m", "dpm++2mv2", "ipndm", "ipndm_v", "lcm",
                           "ddim_trailing", "tcd", "res_multistep", "res_2s", "er_sde", "euler_cfg_pp", "euler_a_cfg_pp",
                           "euler_ge", "dpm++2m_sde", "dpm++2m_sde_bt", "lms"]
    /// Scheduler names (`normal` is its alias of `discrete`).
    static let schedulers = ["discrete", "normal", "karras", "exponential", "ays", "gits", "sgm_uniform", "simple", "smoothstep",
                             "kl_optimal", "lcm", "bong_tangent", "ltx2", "logit_normal", "flux2", "flux", "beta"]

    /// The A1111 sampler names `/sdapi/v1` takes besides its own (compared in lower case).
    static let a1111Samplers: [String: String] = [
        "euler a": "euler_a", "k_euler_a": "euler_a", "euler": "euler", "k_euler": "euler", "heun": "heun", "k_heun": "heun",
        "dpm2": "dpm2", "k_dpm_2": "dpm2", "lcm": "lcm", "ddim": "ddim_trailing", "dpm++ 2m": "dpm++2m", "k_dpmpp_2m": "dpm++2m",
        "dpm++ 2m sde": "dpm++2m_sde", "k_dpmpp_2m_sde": "dpm++2m_sde", "dpm++ 2m sde gpu": "dpm++2m_sde_bt",
        "k_dpmpp_2m_sde_gpu": "dpm++2m_sde_bt", "res multistep": "res_multistep", "k_res_multistep": "res_multistep",
        "res 2s": "res_2s", "k_res_2s": "res_2s", "euler_cfg_pp": "euler_cfg_pp", "k_euler_cfg_pp": "euler_cfg_pp",
        "euler_a_cfg_pp": "euler_cfg_pp", "k_euler_a_cfg_pp": "euler_cfg_pp",
    ]

    /// The sampler `/sdapi/v1`'s `sampler_name` runs for `name`: its own name, or an A1111 alias;
    /// `nil` when it would quietly run its default.
    static func sdapiSampler(_ name: String) -> String? {
        samplers.contains(name) ? name : a1111Samplers[name.lowercased()]
    }

    /// Whether `/sdapi/v1`'s `scheduler` runs what `name` asks for: one of its own names, or
    /// A1111's `Automatic` (Inkling's default for that kind), which it runs as its default.
    static func sdapiTakesScheduler(_ name: String) -> Bool {
        name == "Automatic" || schedulers.contains(name)
    }
}
