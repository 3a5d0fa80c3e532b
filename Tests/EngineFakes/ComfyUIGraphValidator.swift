import InklingBase
import InklingEngines

/// Checks an API-format workflow as ComfyUI 0.3.64's `validate_prompt` does, against a real
/// `/object_info` (``ComfyUIObjectInfo``): every class exists, there is an output node, and every
/// node an output depends on has its required inputs, links of the right output type, literals
/// that convert to INT/FLOAT/STRING/BOOLEAN within min/max, and choices from the lists.
/// LoadImage's `image` is checked as its `VALIDATE_INPUTS` does (the file exists, bare, or
/// annotated `name [input]` / `name [temp]` / `name [output]`), not against its list.
///
/// Problems come back in ComfyUI's own `400` shape. What the real server lets through but a
/// careful client should not send (a size that is not a multiple of the input's `step`, which
/// ComfyUI silently rounds down; a fractional INT, which it truncates) is reported separately as
/// ``Outcome/violations``.
struct ComfyUIGraphValidator {
    /// The verdict on one workflow.
    struct Outcome {
        /// The body of ComfyUI's `400` answer, or `nil` when it would accept the workflow.
        var rejection: JSONValue?
        /// What the server accepts but silently changes.
        var violations: [String]
    }

    let info: ComfyUIObjectInfo
    /// Whether an uploaded or produced image exists under this (maybe annotated) name.
    let imageExists: (String) -> Bool

    /// Inputs whose lists `VALIDATE_INPUTS` replaces with its own check.
    static let customChecked: Set<String> = ["LoadImage.image"]

    func validate(_ workflow: JSONValue) -> Outcome {
        guard case .object(let nodes) = workflow else {
            return Outcome(rejection: ComfyUIValidationError.prompt("invalid_prompt", "Invalid prompt", "the prompt is not an object"), violations: [])
        }
        for (id, node) in nodes.sorted(by: { $0.key < $1.key }) {
            guard let type = node["class_type"]?.string else {
                return Outcome(rejection: ComfyUIValidationError.prompt("invalid_prompt", "Cannot execute because a node is missing the class_type property.",
                                                                        "Node ID '#\(id)'"), violations: [])
            }
            guard info.classes[type] != nil else {
                return Outcome(rejection: ComfyUIValidationError.prompt("invalid_prompt", "Cannot execute because node \(type) does not exist.",
                                                                        "Node ID '#\(id)'"), violations: [])
            }
        }
        let outputs = nodes.keys.filter { info.isOutput(nodes[$0]!["class_type"]!.string!) }.sorted()
        guard !outputs.isEmpty else { return Outcome(rejection: ComfyUIValidationError.prompt("prompt_no_outputs", "Prompt has no outputs", ""), violations: []) }
        var run = Run(validator: self, nodes: nodes)
        var good = 0
        for output in outputs {
            if run.validate(output) { good += 1 }
            for id in Self.reachable(from: output, in: nodes) where run.errors[id] != nil { run.dependents[id, default: []].insert(output) }
        }
        guard good == 0 else { return Outcome(rejection: nil, violations: run.violations) }
        var nodeErrors: [String: JSONValue] = [:]
        for (id, errors) in run.errors {
            nodeErrors[id] = ["errors": .array(errors), "dependent_outputs": .array((run.dependents[id] ?? []).sorted().map(JSONValue.string)),
                              "class_type": nodes[id]!["class_type"]!]
        }
        return Outcome(rejection: ["error": ["type": "prompt_outputs_failed_validation", "message": "Prompt outputs failed validation",
                                             "details": "", "extra_info": [:]], "node_errors": .object(nodeErrors)],
                       violations: run.violations)
    }

    /// `id` and every node it links to, directly or not.
    static func reachable(from id: String, in nodes: [String: JSONValue]) -> Set<String> {
        var seen: Set<String> = [], stack = [id]
        while let next = stack.popLast() {
            guard nodes[next] != nil, seen.insert(next).inserted else { continue }
            for value in (nodes[next]?["inputs"]?.object ?? [:]).values {
                if let link = value.array, link.count == 2, let source = link[0].string { stack.append(source) }
            }
        }
        return seen
    }

    /// One validation pass: each node is validated once, its errors kept under its id.
    private struct Run {
        let validator: ComfyUIGraphValidator
        let nodes: [String: JSONValue]
        var validated: [String: Bool] = [:]
        var errors: [String: [JSONValue]] = [:]
        var dependents: [String: Set<String>] = [:]
        var violations: [String] = []

        /// Whether node `id` and everything it links to are valid.
        mutating func validate(_ id: String) -> Bool {
            if let known = validated[id] { return known }
            validated[id] = true
            let node = nodes[id]!, type = node["class_type"]!.string!
            let inputs = node["inputs"]?.object ?? [:]
            let declared = validator.info.classes[type]?["input"]
            let names = Set((declared?["required"]?.object ?? [:]).keys).union((declared?["optional"]?.object ?? [:]).keys)
            var found: [JSONValue] = []
            var valid = true
            for name in names.sorted() {
                guard let (spec, required) = validator.info.spec(type, name) else { continue }
                guard let value = inputs[name] else {
                    if required { found.append(ComfyUIValidationError.missing(name)) }
                    continue
                }
                let config = JSONValue.array(spec)
                if case .array(let link) = value {
                    if let error = checkLink(link, name: name, spec: spec, config: config, valid: &valid) { found.append(error) }
                    continue
                }
                if let error = checkLiteral(value, name: name, in: type, spec: spec, config: config) { found.append(error) }
            }
            if type == "LoadImage", let image = inputs["image"]?.string, !validator.imageExists(image) {
                found.append(ComfyUIValidationError.custom("image", reason: "Invalid image file: \(image)"))
            }
            if !found.isEmpty { errors[id] = found }
            let ok = valid && found.isEmpty
            validated[id] = ok
            return ok
        }

        private mutating func checkLink(_ link: [JSONValue], name: String, spec: [JSONValue], config: JSONValue, valid: inout Bool) -> JSONValue? {
            guard link.count == 2 else { return ComfyUIValidationError.badLink(name, config: config, value: .array(link)) }
            let source = link[0].string ?? link[0].int.map(String.init) ?? ComfyUIValidationError.python(link[0])
            guard let node = nodes[source], let sourceType = node["class_type"]?.string else {
                return ComfyUIValidationError.innerException(name, config: config, exception: "KeyError", message: "'\(source)'", link: .array(link))
            }
            let outputs = validator.info.outputs(sourceType)
            guard let index = link[1].int, outputs.indices.contains(index) else {
                return ComfyUIValidationError.innerException(name, config: config, exception: "IndexError", message: "tuple index out of range", link: .array(link))
            }
            let expected = spec.first?.string ?? "COMBO"
            let received = outputs[index]
            guard received == expected || received == "*" || expected == "*" else {
                return ComfyUIValidationError.typeMismatch(name, config: config, received: received, expected: expected, link: .array(link))
            }
            if !validate(source) { valid = false }
            return nil
        }

        private mutating func checkLiteral(_ value: JSONValue, name: String, in type: String, spec: [JSONValue], config: JSONValue) -> JSONValue? {
            let options = spec.count > 1 ? spec[1] : [:]
            let kind = spec.first?.string
            var number: Double?
            switch kind {
            case "INT":
                switch value {
                case .int, .uint: number = value.double
                case .double(let v): number = v.rounded(.towardZero); if v != v.rounded() { violations.append("\(type).\(name): \(v) is not an integer (ComfyUI truncates it)") }
                case .bool(let b): number = b ? 1 : 0
                case .string(let s) where Int(s) != nil: number = Double(s)
                default: return ComfyUIValidationError.conversion(name, type: "INT", config: config, value: value,
                                                                   exception: "invalid literal for int() with base 10: \(ComfyUIValidationError.python(value, quoted: true))")
                }
            case "FLOAT":
                switch value {
                case .int, .uint, .double: number = value.double
                case .bool(let b): number = b ? 1 : 0
                case .string(let s) where Double(s) != nil: number = Double(s)
                default: return ComfyUIValidationError.conversion(name, type: "FLOAT", config: config, value: value,
                                                                   exception: "could not convert string to float: \(ComfyUIValidationError.python(value, quoted: true))")
                }
            case "STRING", "BOOLEAN":
                return nil
            default:
                break
            }
            if let number {
                if let min = options["min"], let bound = min.double, number < bound {
                    return ComfyUIValidationError.outOfRange(name, config: config, value: value, bound: min, below: true)
                }
                if let max = options["max"], let bound = max.double, number > bound {
                    return ComfyUIValidationError.outOfRange(name, config: config, value: value, bound: max, below: false)
                }
                if kind == "INT", let step = options["step"]?.double, step > 1 {
                    let start = options["min"]?.double ?? 0
                    if (number - start).truncatingRemainder(dividingBy: step) != 0 {
                        violations.append("\(type).\(name): \(Int(number)) is not a multiple of \(Int(step)) (ComfyUI rounds it down)")
                    }
                }
                return nil
            }
            guard !ComfyUIGraphValidator.customChecked.contains("\(type).\(name)") else { return nil }
            let choices: [JSONValue]? = spec.first?.array ?? (kind == "COMBO" ? options["options"]?.array ?? [] : nil)
            if let choices, !choices.contains(value) {
                return ComfyUIValidationError.notInList(name, config: config, value: value, options: choices)
            }
            if choices == nil, kind != nil {
                violations.append("\(type).\(name): a literal where ComfyUI expects a link to a \(kind!) output")
            }
            return nil
        }
    }
}
