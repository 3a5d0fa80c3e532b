import InklingBase
import Foundation
import InklingEngines

extension Automatic1111Engine {
    /// Checks what a render will use against the web UI's own lists: the checkpoint
    /// (`/sdapi/v1/sd-models`), the ControlNet model (`/controlnet/model_list`), the sampler
    /// (`/sdapi/v1/samplers`) and the scheduler (`/sdapi/v1/schedulers`), one
    /// ``EngineDiagnosis/Model`` each. Anything missing makes the engine unavailable, naming the
    /// valid choices and the configuration key to fix.
    ///
    /// A 404 on `/controlnet/model_list` means the ControlNet extension is missing: still
    /// available, the sketch is then not sent (``notices(for:)``). A 404 on `/sdapi/v1/schedulers`
    /// (a web UI before 1.9) or `/sdapi/v1/samplers` leaves that setting unchecked. A1111 lists no
    /// sizes, so the configured sizes are not checked. Against stable-diffusion.cpp's `sd-server`
    /// (``SDServerDetection``) the sampler and scheduler are checked the way it reads them.
    public func diagnose() async -> EngineDiagnosis {
        let endpoint = entry.endpoint.absoluteString
        if let refusal = connection.refusal() { return refusal }
        var models: [EngineDiagnosis.Model] = []
        var problems: [String] = []
        do {
            _ = try await sdServer.check(http)
            for check in [checkpointCheck, controlNetCheck, samplerCheck, schedulerCheck] {
                guard let result = try await check() else { continue }
                models.append(result.model)
                if let problem = result.problem { problems.append(problem) }
            }
        } catch {
            return EngineDiagnosis(availability: .unavailable(reason: String(describing: error)), endpoint: endpoint,
                                   reachable: !(EngineFailureKind.of(error)?.isUnanswered ?? false), models: models)
        }
        let availability: EngineAvailability = problems.isEmpty ? .available : .unavailable(reason: problems.joined(separator: "; "))
        return EngineDiagnosis(availability: availability, endpoint: endpoint, reachable: true, models: models)
    }

    /// One setting checked: its fact, and the reason it makes the engine unavailable (if it does).
    typealias SettingCheck = (model: EngineDiagnosis.Model, problem: String?)

    /// The configured checkpoint against `/sdapi/v1/sd-models` (by title, name or file).
    private func checkpointCheck() async throws -> SettingCheck? {
        guard let checkpoint = entry.models.checkpoint else { return nil }
        let listed = try await http.json("GET", "/sdapi/v1/sd-models").array ?? []
        let present = listed.contains { Self.matches(checkpoint, $0) }
        let problem = present ? nil : RemoteEngineError.modelMissing(
            service: http.service, role: "checkpoint", name: checkpoint, available: listed.compactMap { $0["title"]?.string },
            hint: "put it in models/Stable-diffusion (then Refresh) or fix models.checkpoint in the engine configuration").description
        return (.init(role: "checkpoint", name: checkpoint, present: present), problem)
    }

    /// The configured ControlNet model against `/controlnet/model_list`; a 404 (no extension)
    /// is no problem here: the sketch is left out, with a notice.
    private func controlNetCheck() async throws -> SettingCheck? {
        guard let controlNet = entry.models.controlNet else { return nil }
        let response = try await http.send("GET", "/controlnet/model_list")
        probe.record(response.status != 404)
        guard response.status != 404 else { return (.init(role: "ControlNet model", name: controlNet, present: false), nil) }
        let names = (try http.decode(response, operation: "GET /controlnet/model_list")["model_list"]?.array ?? []).compactMap(\.string)
        let present = names.contains(controlNet)
        let problem = present ? nil : RemoteEngineError.modelMissing(
            service: http.service, role: "ControlNet model", name: controlNet, available: names,
            hint: "put it in models/ControlNet or fix models.controlNet in the engine configuration").description
        return (.init(role: "ControlNet model", name: controlNet, present: present), problem)
    }

    /// The configured sampler against `/sdapi/v1/samplers`. txt2img finds a sampler by its name
    /// only (an alias such as `k_euler_a` is not looked up), and 1.10 quietly runs its default
    /// sampler for a name it lacks.
    private func samplerCheck() async throws -> SettingCheck? {
        let sampler = entry.defaults.sampler
        guard !sampler.isEmpty else { return nil }
        if sdServer.isSDServer == true { return sdServerCheck("sampler", sampler) }
        guard let listed = try await list("/sdapi/v1/samplers") else { return (.init(role: "sampler", name: sampler, present: nil), nil) }
        let names = listed.compactMap { $0["name"]?.string }
        if names.contains(sampler) { return (.init(role: "sampler", name: sampler, present: true), nil) }
        let aliased = listed.first { ($0["aliases"]?.array ?? []).contains(.string(sampler)) }?["name"]?.string
        return (.init(role: "sampler", name: sampler, present: false),
                settingMissing("sampler", sampler, aliasOf: aliased, choices: names, key: "defaults.sampler"))
    }

    /// The configured scheduler against `/sdapi/v1/schedulers`, by name or label (what the
    /// sampler looks up); an unknown one runs as Automatic.
    private func schedulerCheck() async throws -> SettingCheck? {
        let scheduler = entry.defaults.scheduler
        guard !scheduler.isEmpty else { return nil }
        if sdServer.isSDServer == true { return sdServerCheck("scheduler", scheduler) }
        guard let listed = try await list("/sdapi/v1/schedulers") else { return (.init(role: "scheduler", name: scheduler, present: nil), nil) }
        if listed.contains(where: { $0["name"]?.string == scheduler || $0["label"]?.string == scheduler }) {
            return (.init(role: "scheduler", name: scheduler, present: true), nil)
        }
        let aliased = listed.first { ($0["aliases"]?.array ?? []).contains(.string(scheduler)) }?["label"]?.string
        return (.init(role: "scheduler", name: scheduler, present: false),
                settingMissing("scheduler", scheduler, aliasOf: aliased, choices: listed.compactMap { $0["label"]?.string }, key: "defaults.scheduler"))
    }

    /// A configured sampler or scheduler as `sd-server`'s `/sdapi/v1` reads it: a sampler by its
    /// own name or an A1111 alias (`Euler a`), a scheduler by its own name; A1111's `Automatic`
    /// (Inkling's default for this kind) means the server's default, which is what it runs.
    private func sdServerCheck(_ role: String, _ name: String) -> SettingCheck {
        if role == "sampler" {
            if SDServerNames.sdapiSampler(name) != nil { return (.init(role: role, name: name, present: true), nil) }
            return (.init(role: role, name: name, present: false),
                    settingMissing(role, name, aliasOf: nil, choices: SDServerNames.samplers, key: "defaults.sampler"))
        }
        if SDServerNames.sdapiTakesScheduler(name) {
            // Automatic is no name of its own: the server's default, shown as not listed.
            return (.init(role: role, name: name, present: SDServerNames.schedulers.contains(name) ? true : nil), nil)
        }
        return (.init(role: role, name: name, present: false),
                settingMissing(role, name, aliasOf: nil, choices: SDServerNames.schedulers, key: "defaults.scheduler"))
    }

    /// The array a list endpoint answers, or `nil` when the server has no such endpoint (404).
    private func list(_ path: String) async throws -> [JSONValue]? {
        let response = try await http.send("GET", path)
        if response.status == 404 { return nil }
        let json = try http.decode(response, operation: "GET \(path)")
        guard let array = json.array else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: "GET \(path)", reason: "not a JSON array")
        }
        return array
    }

    /// The one-line reason for a sampler or scheduler the server lacks, naming every valid choice.
    private func settingMissing(_ role: String, _ name: String, aliasOf: String?, choices: [String], key: String) -> String {
        if let aliasOf {
            return "\(http.service) knows \(role) '\(name)' only as an alias of '\(aliasOf)', and the API takes the name: set \(key) to '\(aliasOf)' in the engine configuration"
        }
        return RemoteEngineError.modelMissing(service: http.service, role: role, name: name, available: choices,
                                              hint: "set \(key) to one of them in the engine configuration").description
    }
}
