import InklingBase
import InklingConditioning
import InklingEngines

extension ComfyUIEngine {
    /// Checks what a render will send against what the server lists: the checkpoint and
    /// ControlNet model (`/object_info/CheckpointLoaderSimple`, `/object_info/ControlNetLoader`),
    /// the sampler and scheduler, and the `live` block's (`/object_info/KSampler`) and each configured size
    /// (`/object_info/EmptyLatentImage`'s width and height range and step). One entry per setting
    /// in ``EngineDiagnosis/models``; any the server would refuse makes the engine unavailable,
    /// with a reason naming the valid choices and the configuration key to fix.
    public func diagnose() async -> EngineDiagnosis {
        let endpoint = entry.endpoint.absoluteString, service = client.http.service
        if let refusal = connection.refusal() { return refusal }
        if let file = entry.workflow { return await diagnose(file) }
        var settings: [(ComfyUISetting, String)] = [(.checkpoint, entry.models.checkpoint ?? "")]
        if let controlNet = entry.models.controlNet { settings.append((.controlNet, controlNet)) }
        settings += [(.sampler, entry.defaults.sampler), (.scheduler, entry.defaults.scheduler)]
        if let sampler = entry.live?.sampler { settings.append((.liveSampler, sampler)) }
        if let scheduler = entry.live?.scheduler { settings.append((.liveScheduler, scheduler)) }
        var infos: [String: JSONValue] = [:]
        func info(_ node: String) async throws -> JSONValue {
            if let known = infos[node] { return known }
            let fetched = try await client.nodeInfo(node)
            infos[node] = fetched
            return fetched
        }
        var models: [EngineDiagnosis.Model] = []
        var problems: [String] = []
        do {
            for (setting, name) in settings {
                let names = try ComfyUIClient.options(in: try await info(setting.node), node: setting.node, input: setting.input, service: service)
                let present = names.contains(name)
                models.append(.init(role: setting.role, name: name, present: present))
                if !present { problems.append(setting.missing(name, available: names, service: service).description) }
            }
            let latent = try await info("EmptyLatentImage")
            let width = try ComfyUIClient.range(in: latent, node: "EmptyLatentImage", input: "width", service: service)
            let height = try ComfyUIClient.range(in: latent, node: "EmptyLatentImage", input: "height", service: service)
            var refused: [PixelSize] = []
            for size in entry.sizes {
                let fits = width.admits(Double(size.width)) && height.admits(Double(size.height))
                models.append(.init(role: "size", name: "\(size.width)x\(size.height)", present: fits))
                if !fits { refused.append(size) }
            }
            if !refused.isEmpty {
                let names = refused.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")
                problems.append("\(service) cannot make \(names): its EmptyLatentImage takes widths \(Self.describe(width)) and heights "
                                + "\(Self.describe(height)); fix sizes in the engine configuration")
            }
        } catch {
            return EngineDiagnosis(availability: .unavailable(reason: String(describing: error)), endpoint: endpoint,
                                   reachable: !(EngineFailureKind.of(error)?.isUnanswered ?? false), models: models)
        }
        return EngineDiagnosis(availability: problems.isEmpty ? .available : .unavailable(reason: problems.joined(separator: "; ")),
                               endpoint: endpoint, reachable: true, models: models)
    }

    /// The prompts running and waiting on the server (`GET /queue`), for an ``EnginePool``
    /// choosing the least busy endpoint.
    public func queueLength() async throws -> Int { try await client.queueLength() }

    /// "from 16 to 16384 in steps of 8".
    static func describe(_ range: ComfyUIClient.NumberRange) -> String {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        var words = [range.minimum.map { "from \(number($0))" }, range.maximum.map { "to \(number($0))" }].compactMap { $0 }
        if let step = range.step, step > 1 { words.append("in steps of \(number(step))") }
        return words.isEmpty ? "any value" : words.joined(separator: " ")
    }
}
