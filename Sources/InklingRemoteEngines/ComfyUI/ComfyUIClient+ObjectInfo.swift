import InklingBase
import Foundation
import InklingEngines

/// What ComfyUI says about its node classes (`GET /object_info/{class}`): the choices of an
/// input (checkpoints, ControlNet models, samplers, schedulers) and the range of a number.
extension ComfyUIClient {
    /// The range ComfyUI declares for a number input.
    struct NumberRange: Sendable, Hashable {
        var minimum: Double?
        var maximum: Double?
        var step: Double?

        /// Whether `value` is within the range and on its step (counted from the minimum).
        func admits(_ value: Double) -> Bool {
            if let minimum, value < minimum { return false }
            if let maximum, value > maximum { return false }
            if let step, step > 0, (value - (minimum ?? 0)).truncatingRemainder(dividingBy: step) != 0 { return false }
            return true
        }
    }

    /// The description of node class `node`.
    func nodeInfo(_ node: String) async throws -> JSONValue {
        let json = try await http.json("GET", "/object_info/\(node)")
        guard let info = json[node] else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: "GET /object_info/\(node)",
                                                      reason: "no \(node) node listed: is it installed?")
        }
        return info
    }

    /// The choices ComfyUI offers for `input` of node class `node`. Reads both the classic
    /// `[[names], {...}]` shape and the newer `["COMBO", {"options": [names]}]`.
    func options(node: String, input: String) async throws -> [String] {
        try Self.options(in: try await nodeInfo(node), node: node, input: input, service: http.service)
    }

    /// ``options(node:input:)`` from a description already fetched.
    static func options(in info: JSONValue, node: String, input: String, service: String) throws -> [String] {
        let spec = try self.spec(in: info, node: node, input: input, service: service)
        if let names = spec.first?.array { return names.compactMap(\.string) }
        return (spec.dropFirst().first?["options"]?.array ?? []).compactMap(\.string)
    }

    /// The declared range of number input `input` of `node`.
    static func range(in info: JSONValue, node: String, input: String, service: String) throws -> NumberRange {
        let options = try spec(in: info, node: node, input: input, service: service).dropFirst().first
        return NumberRange(minimum: options?["min"]?.double, maximum: options?["max"]?.double, step: options?["step"]?.double)
    }

    private static func spec(in info: JSONValue, node: String, input: String, service: String) throws -> [JSONValue] {
        guard let spec = (info["input"]?["required"]?[input] ?? info["input"]?["optional"]?[input])?.array, !spec.isEmpty else {
            throw RemoteEngineError.malformedResponse(service: service, operation: "GET /object_info/\(node)",
                                                      reason: "no \(input) input listed: is the \(node) node installed?")
        }
        return spec
    }
}
