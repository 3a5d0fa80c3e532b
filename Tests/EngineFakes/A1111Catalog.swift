import InklingBase
import InklingEngines

/// The samplers and schedulers of AUTOMATIC1111 web UI 1.10 (`sd_samplers_kdiffusion`,
/// `sd_samplers_timesteps`, `sd_samplers_lcm`, `sd_schedulers`), as its
/// `/sdapi/v1/samplers` and `/sdapi/v1/schedulers` list them, and the way its txt2img and img2img
/// resolve a request's names (`sd_samplers.get_sampler_and_scheduler`).
enum A1111Catalog {
    /// One sampler: its name, its aliases and its options (the scheduler it prefers).
    struct Sampler {
        var name: String
        var aliases: [String]
        var scheduler: String?
    }

    /// One scheduler: its name, its label and its aliases.
    struct Scheduler {
        var name: String
        var label: String
        var aliases: [String]?
    }

    /// `sd_samplers.all_samplers`, in order; the first is the default.
    static let samplers: [Sampler] = [
        .init(name: "DPM++ 2M", aliases: ["k_dpmpp_2m"], scheduler: "karras"),
        .init(name: "DPM++ SDE", aliases: ["k_dpmpp_sde"], scheduler: "karras"),
        .init(name: "DPM++ 2M SDE", aliases: ["k_dpmpp_2m_sde"], scheduler: "exponential"),
        .init(name: "DPM++ 2M SDE Heun", aliases: ["k_dpmpp_2m_sde_heun"], scheduler: "exponential"),
        .init(name: "DPM++ 2S a", aliases: ["k_dpmpp_2s_a"], scheduler: "karras"),
        .init(name: "DPM++ 3M SDE", aliases: ["k_dpmpp_3m_sde"], scheduler: "exponential"),
        .init(name: "Euler a", aliases: ["k_euler_a", "k_euler_ancestral"], scheduler: nil),
        .init(name: "Euler", aliases: ["k_euler"], scheduler: nil),
        .init(name: "LMS", aliases: ["k_lms"], scheduler: nil),
        .init(name: "Heun", aliases: ["k_heun"], scheduler: nil),
        .init(name: "DPM2", aliases: ["k_dpm_2"], scheduler: "karras"),
        .init(name: "DPM2 a", aliases: ["k_dpm_2_a"], scheduler: "karras"),
        .init(name: "DPM fast", aliases: ["k_dpm_fast"], scheduler: nil),
        .init(name: "DPM adaptive", aliases: ["k_dpm_ad"], scheduler: nil),
        .init(name: "Restart", aliases: ["restart"], scheduler: "karras"),
        .init(name: "DDIM", aliases: ["ddim"], scheduler: nil),
        .init(name: "DDIM CFG++", aliases: ["ddim_cfgpp"], scheduler: nil),
        .init(name: "PLMS", aliases: ["plms"], scheduler: nil),
        .init(name: "UniPC", aliases: ["unipc"], scheduler: nil),
        .init(name: "LCM", aliases: ["k_lcm"], scheduler: nil),
    ]

    /// `sd_schedulers.schedulers`, in order; the first (Automatic) is the default.
    static let schedulers: [Scheduler] = [
        .init(name: "automatic", label: "Automatic", aliases: nil),
        .init(name: "uniform", label: "Uniform", aliases: nil),
        .init(name: "karras", label: "Karras", aliases: nil),
        .init(name: "exponential", label: "Exponential", aliases: nil),
        .init(name: "polyexponential", label: "Polyexponential", aliases: nil),
        .init(name: "sgm_uniform", label: "SGM Uniform", aliases: ["SGMUniform"]),
        .init(name: "kl_optimal", label: "KL Optimal", aliases: nil),
        .init(name: "align_your_steps", label: "Align Your Steps", aliases: nil),
        .init(name: "simple", label: "Simple", aliases: nil),
        .init(name: "normal", label: "Normal", aliases: nil),
        .init(name: "ddim", label: "DDIM", aliases: nil),
        .init(name: "beta", label: "Beta", aliases: nil),
    ]

    /// The `/sdapi/v1/samplers` answer (`SamplerItem`: options are strings).
    static var samplersJSON: JSONValue {
        .array(samplers.map { sampler in
            ["name": .string(sampler.name), "aliases": .array(sampler.aliases.map(JSONValue.string)),
             "options": .object(sampler.scheduler.map { ["scheduler": .string($0)] } ?? [:])]
        })
    }

    /// The `/sdapi/v1/schedulers` answer (`SchedulerItem`, without `default_rho` and `need_inner_model`).
    static var schedulersJSON: JSONValue {
        .array(schedulers.map { scheduler in
            ["name": .string(scheduler.name), "label": .string(scheduler.label),
             "aliases": scheduler.aliases.map { .array($0.map(JSONValue.string)) } ?? .null]
        })
    }

    /// What 1.10 runs for a requested sampler and scheduler: a sampler is found by name only
    /// (`all_samplers_map`), a scheduler by name or label (`schedulers_map`); anything else
    /// becomes the default, with only a warning in the web UI's log.
    static func resolve(sampler: String, scheduler: String?) -> (sampler: String, scheduler: String) {
        let found = samplers.first { $0.name == sampler } ?? samplers[0]
        let schedule = schedulers.first { $0.name == scheduler || $0.label == scheduler } ?? schedulers[0]
        return (found.name, schedule.label)
    }
}
