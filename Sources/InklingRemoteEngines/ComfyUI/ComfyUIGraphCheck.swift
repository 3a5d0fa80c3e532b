import InklingBase
import Foundation
import InklingEngines

/// Checks a filled user workflow against what the server says about its node classes before it
/// is queued: each class is installed, each required input is given, links point at a node's
/// existing output of a matching type, numbers are within their range and choices among the
/// server's. Problems name the node's id, class and title and the input.
struct ComfyUIGraphCheck: Sendable {
    /// The most problems one message lists.
    static let listed = 5

    let file: ComfyUIWorkflowFile
    /// Inputs holding uploaded files, which ComfyUI checks by looking for the file, not in its list.
    let uploads: Set<ComfyUIWorkflowTarget>

    /// The problems with `graph`, one line each (empty: ComfyUI should take it).
    func problems(_ graph: JSONValue, classes: [String: JSONValue?]) -> [String] {
        let nodes = graph.object ?? [:]
        var problems: [String] = []
        for id in nodes.keys.sorted(by: Self.numericOrder) {
            let node = nodes[id]!, type = node["class_type"]?.string ?? ""
            let name = describe(id, node)
            guard let info = classes[type] ?? nil else {
                problems.append("\(name): the server has no \(type) node class (is the custom node installed?)")
                continue
            }
            let inputs = node["inputs"]?.object ?? [:]
            let required = info["input"]?["required"]?.object ?? [:], optional = info["input"]?["optional"]?.object ?? [:]
            for input in required.keys.sorted() where inputs[input] == nil {
                problems.append("\(name) input \"\(input)\": required, not given")
            }
            for input in inputs.keys.sorted() {
                guard let spec = (required[input] ?? optional[input])?.array, let kind = spec.first else { continue }
                let value = inputs[input]!
                if let link = value.array, link.count == 2, let source = link[0].string {
                    problems += self.link(source, output: link[1].int, into: input, of: name, kind: kind, nodes: nodes, classes: classes)
                    continue
                }
                if let problem = literal(value, spec: spec, input: input, node: id) { problems.append("\(name) input \"\(input)\": \(problem)") }
            }
        }
        return problems
    }

    /// `node 12 (LoadImage "Sketch")`.
    private func describe(_ id: String, _ node: JSONValue) -> String {
        let title = (node["_meta"]?["title"]?.string ?? file.title(id)).map { " \"\($0)\"" } ?? ""
        return "node \(id) (\(node["class_type"]?.string ?? "no class")\(title))"
    }

    private func link(_ source: String, output: Int?, into input: String, of name: String, kind: JSONValue,
                      nodes: [String: JSONValue], classes: [String: JSONValue?]) -> [String] {
        guard let sourceNode = nodes[source] else { return ["\(name) input \"\(input)\": linked to node \(source), which the workflow lacks"] }
        guard let sourceType = sourceNode["class_type"]?.string, let info = classes[sourceType] ?? nil else { return [] }
        let outputs = (info["output"]?.array ?? []).map { $0.string ?? "*" }
        guard let output, output >= 0, output < outputs.count else {
            return ["\(name) input \"\(input)\": linked to output \(output.map(String.init) ?? "?") of \(describe(source, sourceNode)), which has \(outputs.count) outputs"]
        }
        guard let wanted = kind.string, wanted != "*", outputs[output] != "*" else { return [] }
        let accepted = Set(wanted.split(separator: ",").map(String.init)), given = Set(outputs[output].split(separator: ",").map(String.init))
        guard accepted.isDisjoint(with: given) else { return [] }
        return ["\(name) input \"\(input)\": takes \(wanted), but output \(output) of \(describe(source, sourceNode)) gives \(outputs[output])"]
    }

    private func literal(_ value: JSONValue, spec: [JSONValue], input: String, node: String) -> String? {
        let options = spec.count > 1 ? spec[1] : .null
        var choices: [String]?
        if let list = spec[0].array { choices = list.compactMap(\.string) }
        if spec[0].string == "COMBO" { choices = (options["options"]?.array ?? []).compactMap(\.string) }
        if let choices {
            if uploads.contains(ComfyUIWorkflowTarget(node: node, input: input)) { return nil }
            guard let text = value.string else { return "expected one of the server's choices, got \(value.text.prefix(40))" }
            guard choices.contains(text) || choices.isEmpty else {
                let shown = choices.prefix(50).joined(separator: ", ") + (choices.count > 50 ? ", …" : "")
                return "the server has no \"\(text.prefix(80))\" (it has \(shown))"
            }
            return nil
        }
        switch spec[0].string {
        case "INT", "FLOAT":
            guard let number = value.double else { return "expected a number, got \(value.text.prefix(40))" }
            if spec[0].string == "INT", number != number.rounded() { return "expected a whole number, got \(number)" }
            if let minimum = options["min"]?.double, number < minimum { return "\(value.text) is below the minimum \(options["min"]!.text)" }
            if let maximum = options["max"]?.double, number > maximum { return "\(value.text) is above the maximum \(options["max"]!.text)" }
        case "STRING":
            if value.string == nil { return "expected text, got \(value.text.prefix(40))" }
        case "BOOLEAN":
            if value.bool == nil { return "expected true or false, got \(value.text.prefix(40))" }
        default:
            break
        }
        return nil
    }

    /// `2 < 10 < 10:1 < a`: ids as ComfyUI numbers them, numbers in order.
    static func numericOrder(_ a: String, _ b: String) -> Bool {
        switch (Int(a), Int(b)) {
        case (let x?, let y?): x < y
        case (_?, nil): true
        case (nil, _?): false
        default: a < b
        }
    }
}
