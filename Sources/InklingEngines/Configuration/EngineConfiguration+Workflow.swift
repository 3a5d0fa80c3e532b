import Foundation
import InklingImageIO
import InklingBase

extension EngineConfiguration {
    /// Reads `engines.NAME.workflow`: `{"file": PATH, "inputs": {ROLE: "node.input", …, "output": "node"}}`,
    /// the file relative to the configuration's folder; every target must name a node (by id or
    /// `_meta.title`) and an input it has.
    static func workflow(_ reader: ConfigurationReader) throws(EngineConfigurationError) -> ComfyUIWorkflowFile {
        let m = try reader.members(allowed: ["file", "inputs"])
        guard let fileReader = m["file"] else { throw reader.fail("missing \"file\" (the workflow exported with ComfyUI's \"Save (API)\")") }
        let name = try fileReader.string()
        guard !name.isEmpty, !name.contains("\0") else { throw fileReader.fail("expected a file name") }
        let path: String
        if name.hasPrefix("/") {
            path = name
        } else {
            let folder = (reader.file as NSString).deletingLastPathComponent
            path = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path, maxBytes: ComfyUIWorkflowFile.maximumBytes)
        } catch {
            throw fileReader.fail("cannot read \(path): \(error.reason)")
        }
        let nodes: [String: JSONValue]
        switch ComfyUIWorkflowFile.nodes(from: bytes) {
        case .success(let parsed): nodes = parsed
        case .failure(let problem): throw fileReader.fail("\(path): \(problem.reason)")
        }
        guard let inputsReader = m["inputs"] else { throw reader.fail("missing \"inputs\" (where the prompt, seed, guidance image … go, like \"6.text\")") }
        let allowed = Set(ComfyUIWorkflowRole.allCases.map(\.rawValue) + ["output"])
        let inputs = try inputsReader.members(allowed: allowed)
        var workflow = ComfyUIWorkflowFile(path: path, nodes: nodes, targets: [:], output: "")
        for role in ComfyUIWorkflowRole.allCases {
            guard let target = inputs[role.rawValue] else { continue }
            workflow.targets[role] = try resolve(target, in: workflow, path: path)
        }
        guard workflow.targets[.prompt] != nil else { throw inputsReader.fail("missing \"prompt\" (the text input of the positive prompt's node, like \"6.text\")") }
        if let guidance = workflow.targets[.guidanceImage], workflow.classType(guidance.node) != "LoadImage" {
            throw inputs["guidanceImage"]!.fail("\(workflow.describe(guidance.node)) is not a LoadImage node: the guidance map is uploaded and loaded by name")
        }
        if let source = workflow.targets[.sourceImage], workflow.classType(source.node) != "LoadImage" {
            throw inputs["sourceImage"]!.fail("\(workflow.describe(source.node)) is not a LoadImage node: the source image is uploaded and loaded by name")
        }
        if let outputReader = inputs["output"] {
            let text = try outputReader.string()
            guard let id = node(named: text, in: workflow) else { throw outputReader.fail(missingNode(text, in: workflow, path: path)) }
            workflow.output = id
        } else {
            let outputs = nodes.keys.filter { ["SaveImage", "PreviewImage"].contains(workflow.classType($0)) }.sorted()
            guard outputs.count == 1 else {
                throw inputsReader.fail(outputs.isEmpty ? "missing \"output\": \(path) has no SaveImage or PreviewImage node; name the node whose images are the result"
                                                        : "missing \"output\": \(path) has several image outputs (\(outputs.joined(separator: ", "))); name the one whose images are the result")
            }
            workflow.output = outputs[0]
        }
        return workflow
    }

    /// `"6.text"` or `"Positive Prompt.text"` resolved against the workflow's ids, then titles.
    private static func resolve(_ reader: ConfigurationReader, in workflow: ComfyUIWorkflowFile, path: String) throws(EngineConfigurationError) -> ComfyUIWorkflowTarget {
        let text = try reader.string()
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            throw reader.fail("expected \"node.input\" (a node id or title, then an input name, like \"6.text\"), got \"\(text.prefix(80))\"")
        }
        let nodeText = String(text[..<dot]), input = String(text[text.index(after: dot)...])
        guard let id = node(named: nodeText, in: workflow) else { throw reader.fail(missingNode(nodeText, in: workflow, path: path)) }
        let inputs = workflow.nodes[id]?["inputs"]?.object ?? [:]
        guard let value = inputs[input] else {
            let hint = EditDistance.closest(to: input, in: inputs.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw reader.fail("\(workflow.describe(id)) in \(path) has no input \"\(input)\" (it has \(inputs.keys.sorted().joined(separator: ", ")))\(hint)")
        }
        if value.array != nil {
            throw reader.fail("\(workflow.describe(id)) input \"\(input)\" is linked to another node's output; name an input that holds a value")
        }
        return ComfyUIWorkflowTarget(node: id, input: input)
    }

    /// The id of the node `text` names: an id, else the one node with that title.
    private static func node(named text: String, in workflow: ComfyUIWorkflowFile) -> String? {
        if workflow.nodes[text] != nil { return text }
        let titled = workflow.nodes.keys.filter { workflow.title($0) == text }
        return titled.count == 1 ? titled.first : nil
    }

    private static func missingNode(_ text: String, in workflow: ComfyUIWorkflowFile, path: String) -> String {
        let titled = workflow.nodes.keys.filter { workflow.title($0) == text }.sorted()
        if titled.count > 1 { return "\(titled.count) nodes of \(path) are titled \"\(text.prefix(80))\" (\(titled.joined(separator: ", "))); name one by id" }
        let names = workflow.nodes.keys.sorted() + workflow.nodes.keys.compactMap(workflow.title).sorted()
        let hint = EditDistance.closest(to: text, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
        return "\(path) has no node with id or title \"\(text.prefix(80))\"\(hint)"
    }
}
