import InklingBase
import Foundation
import InklingEngines

/// One message from ComfyUI's `/ws` that concerns a prompt.
enum ComfyUIEvent: Sendable, Hashable {
    /// Sampling progress of a node: `value` of `maximum` steps.
    case progress(value: Int, maximum: Int)
    /// The prompt finished (`executing` with node `null`, or `execution_success`).
    case finished
    /// The prompt failed on the server.
    case failed(String)
    /// The server interrupted the prompt.
    case interrupted
    /// Anything else (status, cached nodes, a node starting).
    case other

    /// Parses a text message; messages about other prompts, and unknown ones, are `.other`.
    static func parse(_ text: String, promptID: String) -> ComfyUIEvent {
        guard let json = try? JSONValue.parse(Array(text.utf8)), let type = json["type"]?.string, let data = json["data"] else { return .other }
        guard data["prompt_id"]?.string == promptID else { return .other }
        switch type {
        case "progress":
            return .progress(value: data["value"]?.int ?? 0, maximum: data["max"]?.int ?? 0)
        case "executing":
            return data["node"]?.isNull ?? true ? .finished : .other
        case "execution_success":
            return .finished
        case "execution_error":
            return .failed(failureReason(data))
        case "execution_interrupted":
            return .interrupted
        default:
            return .other
        }
    }

    /// "node 9 (KSampler): CUDA out of memory" from an `execution_error` payload.
    static func failureReason(_ data: JSONValue) -> String {
        let node = data["node_id"]?.string ?? data["node_id"]?.int.map(String.init)
        let type = data["node_type"]?.string
        let message = (data["exception_message"]?.string ?? "an error").trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = node.map { "node \($0)\(type.map { " (\($0))" } ?? ""): " } ?? ""
        return prefix + message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
