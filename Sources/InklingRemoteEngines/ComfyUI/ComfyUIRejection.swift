import InklingBase
import InklingEngines

/// Turns ComfyUI's `400` answer to `POST /prompt` (`error` plus per-node `node_errors`) into
/// one actionable error.
enum ComfyUIRejection {
    /// The choices of a node input, fetched from `/object_info` (`nil` when that fails).
    typealias Lookup = @Sendable (_ node: String, _ input: String) async -> [String]?

    /// The error for `json`. A `value_not_in_list` about a model, sampler or scheduler names
    /// what the server has: from the answer's `input_config`, or, when ComfyUI left the list out
    /// (it does for more than 20 choices), from `lookup`; several such errors make one line.
    static func error(_ json: JSONValue, service: String, lookup: Lookup) async -> RemoteEngineError {
        var details: [String] = []
        var settings: [(setting: ComfyUISetting, name: String, available: [String])] = []
        for (id, node) in (json["node_errors"]?.object ?? [:]).sorted(by: { $0.key < $1.key }) {
            let type = node["class_type"]?.string ?? "?"
            for error in node["errors"]?.array ?? [] {
                let message = error["message"]?.string ?? "invalid"
                let detail = error["details"]?.string ?? ""
                let info = error["extra_info"]
                if error["type"]?.string == "value_not_in_list", let input = info?["input_name"]?.string,
                   let setting = ComfyUISetting.of(node: type, input: input) {
                    let name = info?["received_value"]?.string ?? detail
                    var available = (info?["input_config"]?.array?.first?.array ?? []).compactMap(\.string)
                    if info?["input_config"]?.isNull ?? true, let fetched = await lookup(type, input) { available = fetched }
                    settings.append((setting, name, available))
                    continue
                }
                details.append("node \(id) (\(type)): \(message)\(detail.isEmpty ? "" : ": \(detail)")")
            }
        }
        if let first = settings.first {
            // One line for them all: the first in full, the others after it.
            let others = settings.dropFirst().map { other in
                "also no \(other.setting.role) '\(other.name)'"
                    + (other.setting.suggestion(for: other.name, among: other.available).map { " (did you mean \($0)?)" } ?? "")
                    + ", fix \(other.setting.key)"
            }
            guard case .modelMissing(_, let role, let name, let available, let hint) = first.setting.missing(first.name, available: first.available,
                                                                                                            service: service) else {
                return first.setting.missing(first.name, available: first.available, service: service)
            }
            return .modelMissing(service: service, role: role, name: name, available: available, hint: ([hint] + others).joined(separator: "; "))
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
