import InklingBase
import InklingImageIO
import InklingStrokes

/// A workflow a user exported from ComfyUI ("Save (API)") and named in the engine
/// configuration, with the node inputs Inkling fills per request. Read and checked when the
/// configuration is: every named node and input exists in the file.
public struct ComfyUIWorkflowFile: Sendable, Hashable {
    /// The largest workflow file read.
    static let maximumBytes = 2 << 20
    /// The deepest nesting a workflow file may have (exports need five levels).
    static let maximumDepth = 32
    /// The most nodes a workflow may have.
    static let maximumNodes = 2000

    /// The file's path as resolved (relative paths against the configuration's folder).
    public var path: String
    /// The nodes by id, as exported (`class_type`, `inputs`, `_meta`).
    public var nodes: [String: JSONValue]
    /// Where each filled value goes.
    public var targets: [ComfyUIWorkflowRole: ComfyUIWorkflowTarget]
    /// The node whose images are the result.
    public var output: String

    /// Creates a workflow description (``EngineConfiguration/parse(_:path:)`` makes checked ones).
    public init(path: String, nodes: [String: JSONValue], targets: [ComfyUIWorkflowRole: ComfyUIWorkflowTarget], output: String) {
        self.path = path
        self.nodes = nodes
        self.targets = targets
        self.output = output
    }

    /// Node `id`'s class.
    func classType(_ id: String) -> String? { nodes[id]?["class_type"]?.string }

    /// Node `id`'s title (`_meta.title` in exports), if it has one.
    public func title(_ id: String) -> String? { nodes[id]?["_meta"]?["title"]?.string }

    /// `node 12 (LoadImage "Sketch")`: how messages name a node.
    public func describe(_ id: String) -> String {
        let title = title(id).map { " \"\($0)\"" } ?? ""
        return "node \(id) (\(classType(id) ?? "no class")\(title))"
    }

    /// What a workflow file may hold: checked by ``JSONDocument`` before json-c builds anything.
    static let jsonLimits = JSONLimits(maxBytes: maximumBytes, maxDepth: maximumDepth)

    /// Parses the bytes of a workflow file: a bare API-format export, or a `POST /prompt` body
    /// (its `prompt` object). The nodes are checked on the parsed tree, then copied once as
    /// ``JSONValue``s (the configuration keeps them).
    static func nodes(from bytes: [UInt8]) -> Result<[String: JSONValue], WorkflowProblem> {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, limits: jsonLimits)
        } catch {
            return .failure(WorkflowProblem(error.location.isEmpty ? error.message : error.description))
        }
        var root = document.root
        guard root.kind == .object else { return .failure(WorkflowProblem("expected a JSON object of nodes (ComfyUI's \"Save (API)\" export), got \(root.excerpt)")) }
        if let prompt = root["prompt"], prompt.kind == .object, prompt.member("class_type") == nil { root = prompt }
        if root["nodes"]?.kind == .array, root.member("links") != nil {
            return .failure(WorkflowProblem("this is ComfyUI's UI format; export the workflow with \"Save (API)\" instead"))
        }
        let count = root.count ?? 0
        guard count > 0 else { return .failure(WorkflowProblem("the workflow has no nodes")) }
        guard count <= maximumNodes else { return .failure(WorkflowProblem("\(count) nodes, over the limit of \(maximumNodes)")) }
        for (id, node) in root.members.sorted(by: { $0.key < $1.key }) {
            guard node.kind == .object else { return .failure(WorkflowProblem("node \(id) is not an object")) }
            guard let type = node["class_type"]?.string, !type.isEmpty else { return .failure(WorkflowProblem("node \(id) has no class_type")) }
            guard node["inputs"]?.kind == .object else { return .failure(WorkflowProblem("node \(id) (\(type)) has no inputs object")) }
        }
        guard case .object(let nodes) = root.value else { return .failure(WorkflowProblem("the workflow has no nodes")) }
        return .success(nodes)
    }

    /// Why a workflow file cannot be used.
    struct WorkflowProblem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
