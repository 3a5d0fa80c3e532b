import InklingEngines

/// Checks an API-format workflow the way ComfyUI's `validate_prompt` does, for the node
/// classes Inkling uses, and reports problems in ComfyUI's own `node_errors` shape.
struct ComfyUIGraphValidator {
    /// One input's expectation.
    enum Input {
        case link(String)
        case int(ClosedRange<Double>, multipleOf: Int = 1)
        case float(ClosedRange<Double>)
        case string
        case combo([String])
    }

    /// One node class: required inputs, optional ones, output types.
    struct NodeClass {
        var required: [String: Input]
        var optional: [String: Input] = [:]
        var outputs: [String]
        var isOutput = false
    }

    var classes: [String: NodeClass]

    init(checkpoints: [String], controlNets: [String], uploads: [String]) {
        let conditioning = Input.link("CONDITIONING")
        classes = [
            "CheckpointLoaderSimple": NodeClass(required: ["ckpt_name": .combo(checkpoints)], outputs: ["MODEL", "CLIP", "VAE"]),
            "CLIPTextEncode": NodeClass(required: ["text": .string, "clip": .link("CLIP")], outputs: ["CONDITIONING"]),
            "ControlNetLoader": NodeClass(required: ["control_net_name": .combo(controlNets)], outputs: ["CONTROL_NET"]),
            "LoadImage": NodeClass(required: ["image": .combo(uploads)], outputs: ["IMAGE", "MASK"]),
            "ControlNetApplyAdvanced": NodeClass(
                required: ["positive": conditioning, "negative": conditioning, "control_net": .link("CONTROL_NET"), "image": .link("IMAGE"),
                           "strength": .float(0...10), "start_percent": .float(0...1), "end_percent": .float(0...1)],
                optional: ["vae": .link("VAE")], outputs: ["CONDITIONING", "CONDITIONING"]),
            "EmptyLatentImage": NodeClass(required: ["width": .int(16...16384, multipleOf: 8), "height": .int(16...16384, multipleOf: 8),
                                                     "batch_size": .int(1...4096)], outputs: ["LATENT"]),
            "VAEEncode": NodeClass(required: ["pixels": .link("IMAGE"), "vae": .link("VAE")], outputs: ["LATENT"]),
            "KSampler": NodeClass(required: [
                "model": .link("MODEL"), "seed": .int(0...18_446_744_073_709_551_616), "steps": .int(1...10000), "cfg": .float(0...100),
                "sampler_name": .combo(["euler", "euler_ancestral", "dpmpp_2m", "dpmpp_2m_sde", "ddim", "uni_pc"]),
                "scheduler": .combo(["normal", "karras", "exponential", "sgm_uniform", "simple", "ddim_uniform"]),
                "positive": conditioning, "negative": conditioning, "latent_image": .link("LATENT"), "denoise": .float(0...1),
            ], outputs: ["LATENT"]),
            "VAEDecode": NodeClass(required: ["samples": .link("LATENT"), "vae": .link("VAE")], outputs: ["IMAGE"]),
            "SaveImage": NodeClass(required: ["images": .link("IMAGE"), "filename_prefix": .string], outputs: [], isOutput: true),
        ]
    }

    /// `nil` when the workflow is valid, else the body of ComfyUI's `400` answer.
    func problems(_ workflow: JSONValue) -> JSONValue? {
        guard case .object(let nodes) = workflow, !nodes.isEmpty else {
            return Self.topError("invalid_prompt", "Invalid prompt", "the prompt is not an object of nodes")
        }
        for (id, node) in nodes.sorted(by: { $0.key < $1.key }) {
            guard let type = node["class_type"]?.string else {
                return Self.topError("invalid_prompt", "Cannot execute because a node is missing the class_type property.", "Node ID '#\(id)'")
            }
            guard classes[type] != nil else {
                return Self.topError("invalid_prompt", "Cannot execute because node \(type) does not exist.", "Node ID '#\(id)'")
            }
        }
        let outputs = nodes.filter { classes[$0.value["class_type"]!.string!]!.isOutput }.map(\.key)
        guard !outputs.isEmpty else { return Self.topError("prompt_no_outputs", "Prompt has no outputs", "") }
        var nodeErrors: [String: JSONValue] = [:]
        for (id, node) in nodes {
            let type = node["class_type"]!.string!
            let errors = check(node["inputs"]?.object ?? [:], of: classes[type]!, nodes: nodes)
            if !errors.isEmpty {
                nodeErrors[id] = ["errors": .array(errors), "dependent_outputs": .array(outputs.map(JSONValue.string)), "class_type": .string(type)]
            }
        }
        guard !nodeErrors.isEmpty else { return nil }
        return ["error": ["type": "prompt_outputs_failed_validation", "message": "Prompt outputs failed validation", "details": "", "extra_info": [:]],
                "node_errors": .object(nodeErrors)]
    }

    private func check(_ inputs: [String: JSONValue], of spec: NodeClass, nodes: [String: JSONValue]) -> [JSONValue] {
        var errors: [JSONValue] = []
        for (name, expected) in spec.required.sorted(by: { $0.key < $1.key }) {
            guard let value = inputs[name] else {
                errors.append(Self.error("required_input_missing", "Required input is missing", name, name: name))
                continue
            }
            if let error = check(value, name: name, expected: expected, nodes: nodes) { errors.append(error) }
        }
        for (name, expected) in spec.optional {
            if let value = inputs[name], let error = check(value, name: name, expected: expected, nodes: nodes) { errors.append(error) }
        }
        return errors
    }

    private func check(_ value: JSONValue, name: String, expected: Input, nodes: [String: JSONValue]) -> JSONValue? {
        switch expected {
        case .link(let type):
            guard let link = value.array, link.count == 2, let source = link[0].string, let index = link[1].int else {
                return Self.error("invalid_input_type", "Input is not a link", "\(name): expected [node id, output index] of \(type)", name: name)
            }
            guard let node = nodes[source], let sourceType = node["class_type"]?.string, let outputs = classes[sourceType]?.outputs,
                  outputs.indices.contains(index) else {
                return Self.error("exception_during_inner_validation", "Link to a missing node or output", "\(name): [\(source), \(index)]", name: name)
            }
            guard outputs[index] == type else {
                return Self.error("return_type_mismatch", "Return type mismatch between linked nodes", "\(name), received_type(\(outputs[index])) mismatch input_type(\(type))", name: name)
            }
        case .int(let range, let multiple):
            guard let number = value.double, number == number.rounded() else {
                return Self.error("invalid_input_type", "Failed to convert an input value to a INT value", "\(name), \(value.text)", name: name)
            }
            if let error = Self.range(number, range, name: name) { return error }
            if Int(number) % multiple != 0 { return Self.error("value_not_multiple", "Value not a multiple of \(multiple)", "\(name): \(Int(number))", name: name) }
        case .float(let range):
            guard let number = value.double else {
                return Self.error("invalid_input_type", "Failed to convert an input value to a FLOAT value", "\(name), \(value.text)", name: name)
            }
            return Self.range(number, range, name: name)
        case .string:
            guard value.string != nil else { return Self.error("invalid_input_type", "Failed to convert an input value to a STRING value", name, name: name) }
        case .combo(let options):
            guard let choice = value.string, options.contains(choice) else {
                return ["type": "value_not_in_list", "message": "Value not in list",
                        "details": .string("\(name): '\(value.string ?? value.text)' not in \(options)"),
                        "extra_info": ["input_name": .string(name), "input_config": [.array(options.map(JSONValue.string)), [:]],
                                       "received_value": .string(value.string ?? value.text)]]
            }
        }
        return nil
    }

    private static func range(_ number: Double, _ range: ClosedRange<Double>, name: String) -> JSONValue? {
        if number < range.lowerBound { return error("value_smaller_than_min", "Value \(number) smaller than min of \(range.lowerBound)", name, name: name) }
        if number > range.upperBound { return error("value_bigger_than_max", "Value \(number) bigger than max of \(range.upperBound)", name, name: name) }
        return nil
    }

    private static func error(_ type: String, _ message: String, _ details: String, name: String) -> JSONValue {
        ["type": .string(type), "message": .string(message), "details": .string(details), "extra_info": ["input_name": .string(name)]]
    }

    private static func topError(_ type: String, _ message: String, _ details: String) -> JSONValue {
        ["error": ["type": .string(type), "message": .string(message), "details": .string(details), "extra_info": [:]], "node_errors": [:]]
    }
}
