import InklingBase
import Foundation
import InklingEngines

/// A real ComfyUI 0.3.64's `GET /object_info` (495 node classes, `Reference/comfyui-0.3.64`),
/// with a fake server's own lists substituted: its checkpoints, ControlNet models and input
/// files, in the classic `[[names], {…}]` shape or the newer `["COMBO", {"options": [names]}]`.
public struct ComfyUIObjectInfo: Sendable {
    /// The reference answer, parsed once.
    public static let reference: [String: JSONValue] = {
        guard let url = Bundle.module.url(forResource: "object_info", withExtension: "json",
                                          subdirectory: "Reference/comfyui-0.3.64"),
              let data = try? Data(contentsOf: url), case .object(let classes)? = try? JSONValue.parse(Array(data)) else {
            fatalError("Reference/comfyui-0.3.64/object_info.json is missing from the InklingEngineFakes bundle")
        }
        return classes
    }()

    /// Node class name → its description (`input`, `input_order`, `output`, `output_node`, …).
    public var classes: [String: JSONValue]

    /// The reference with these lists in place of the captured server's.
    public init(checkpoints: [String], controlNets: [String], inputFiles: [String], comboShape: Bool = false) {
        var classes = Self.reference
        func replace(_ node: String, _ input: String, with names: [String]) {
            guard var info = classes[node]?.object, var inputs = info["input"]?.object, var required = inputs["required"]?.object,
                  let spec = required[input]?.array else { return }
            var options = spec.count > 1 ? spec[1].object ?? [:] : [:]
            if comboShape {
                options["options"] = .array(names.map(JSONValue.string))
                required[input] = ["COMBO", .object(options)]
            } else {
                required[input] = spec.count > 1 ? [.array(names.map(JSONValue.string)), .object(options)] : [.array(names.map(JSONValue.string))]
            }
            inputs["required"] = .object(required)
            info["input"] = .object(inputs)
            classes[node] = .object(info)
        }
        replace("CheckpointLoaderSimple", "ckpt_name", with: checkpoints)
        replace("ControlNetLoader", "control_net_name", with: controlNets)
        replace("LoadImage", "image", with: inputFiles)
        self.classes = classes
    }

    /// The input `name` of node class `node` (`[type or list, options]`), required or optional.
    public func spec(_ node: String, _ name: String) -> (spec: [JSONValue], required: Bool)? {
        let inputs = classes[node]?["input"]
        if let spec = inputs?["required"]?[name]?.array { return (spec, true) }
        if let spec = inputs?["optional"]?[name]?.array { return (spec, false) }
        return nil
    }

    /// The output types of node class `node`.
    public func outputs(_ node: String) -> [String] { (classes[node]?["output"]?.array ?? []).compactMap(\.string) }

    /// Whether `node` is an output node (SaveImage, PreviewImage, …).
    public func isOutput(_ node: String) -> Bool { classes[node]?["output_node"]?.bool == true }
}
