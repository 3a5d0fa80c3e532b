/// Turns ComfyUI's `400` answer to `POST /prompt` (`error` plus per-node `node_errors`) into
/// one actionable error.
enum ComfyUIRejection {
    /// Node classes whose `value_not_in_list` errors mean a missing model, with its role and folder.
    static let modelInputs: [String: (role: String, folder: String, key: String)] = [
        "CheckpointLoaderSimple": ("checkpoint", "models/checkpoints", "models.checkpoint"),
        "ControlNetLoader": ("ControlNet model", "models/controlnet", "models.controlNet"),
    ]

    static func error(_ json: JSONValue, service: String) -> RemoteEngineError {
        var details: [String] = []
        for (id, node) in (json["node_errors"]?.object ?? [:]).sorted(by: { $0.key < $1.key }) {
            let type = node["class_type"]?.string ?? "?"
            for error in node["errors"]?.array ?? [] {
                let message = error["message"]?.string ?? "invalid"
                let detail = error["details"]?.string ?? ""
                if error["type"]?.string == "value_not_in_list", let model = modelInputs[type] {
                    let info = error["extra_info"]
                    let name = info?["received_value"]?.string ?? detail
                    let available = (info?["input_config"]?.array?.first?.array ?? []).compactMap(\.string)
                    return .modelMissing(service: service, role: model.role, name: name, available: available,
                                         hint: "put it in ComfyUI/\(model.folder) or fix \(model.key) in the engine configuration")
                }
                details.append("node \(id) (\(type)): \(message)\(detail.isEmpty ? "" : ": \(detail)")")
            }
        }
        if details.isEmpty {
            let top = json["error"]
            details.append([top?["message"]?.string ?? top?.string, top?["details"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
                .joined(separator: ": "))
        }
        let text = details.filter { !$0.isEmpty }.joined(separator: "; ")
        return .rejected(service: service, details: text.isEmpty ? "the workflow is invalid (no details given)" : text)
    }
}
