import InklingBase
import InklingEngines

extension ComfyUIEngine {
    /// The diagnosis of an engine running the user's workflow: each node class it uses, present
    /// or not (role `node class`), and the exported graph checked against the server as a
    /// request's would be (``ComfyUIGraphCheck``; the LoadImage files Inkling uploads are not
    /// looked for).
    func diagnose(_ file: ComfyUIWorkflowFile) async -> EngineDiagnosis {
        let endpoint = entry.endpoint.absoluteString
        let types = Set(file.nodes.values.compactMap { $0["class_type"]?.string }).sorted()
        var infos: [String: JSONValue?] = [:]
        do {
            for type in types { infos[type] = try await classes.info(type, client: client) }
        } catch {
            return EngineDiagnosis(availability: .unavailable(reason: String(describing: error)), endpoint: endpoint, reachable: !(EngineFailureKind.of(error)?.isUnanswered ?? false))
        }
        let models = types.map { EngineDiagnosis.Model(role: "node class", name: $0, present: (infos[$0] ?? nil) != nil) }
        let uploads = Set([file.targets[.guidanceImage], file.targets[.sourceImage]].compactMap { $0 })
        let problems = ComfyUIGraphCheck(file: file, uploads: uploads).problems(.object(file.nodes), classes: infos)
        guard !problems.isEmpty else { return EngineDiagnosis(availability: .available, endpoint: endpoint, reachable: true, models: models) }
        let more = problems.count > ComfyUIGraphCheck.listed ? "; and \(problems.count - ComfyUIGraphCheck.listed) more" : ""
        let reason = "\(client.http.service) cannot run the workflow \(file.path): " + problems.prefix(ComfyUIGraphCheck.listed).joined(separator: "; ") + more
        return EngineDiagnosis(availability: .unavailable(reason: reason), endpoint: endpoint, reachable: true, models: models)
    }
}
