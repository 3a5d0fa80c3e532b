import InklingBase
import InklingImageIO
import InklingStrokes

/// A workflow a user exported from ComfyUI ("Save (API)") and named in the engine
/// configuration, with the node inputs Inkling fills per request. Read and checked when the
/// configuration is: every named node and input exists in the file.
public struct ComfyUIWorkflowFile: Sendable, Hashable {
    /// The largest workflow file read.
    public static let maximumBytes = 2 << 20
    /// The deepest nesting a workflow file may have (exports need five levels).
    public static let maximumDepth = 32
    /// The most nodes a workflow may have.
    public static let maximumNodes = 2000

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
    public func classType(_ id: String) -> String? { nodes[id]?["class_type"]?.string }

    /// Node `id`'s title (`_meta.title` in exports), if it has one.
    public func title(_ id: String) -> String? { nodes[id]?["_meta"]?["title"]?.string }

    /// `node 12 (LoadImage "Sketch")`: how messages name a node.
    public func describe(_ id: String) -> String {
        let title = title(id).map { " \"\($0)\"" } ?? ""
        return "node \(id) (\(classType(id) ?? "no class")\(title))"
    }

    /// Parses the bytes of a workflow file: a bare API-format export, or a `POST /prompt` body
    /// (its `prompt` object).
    static func nodes(from bytes: [UInt8]) -> Result<[String: JSONValue], WorkflowProblem> {
        if let depth = JSONNesting.firstViolation(in: bytes, limit: maximumDepth) {
            return .failure(WorkflowProblem("nesting deeper than \(maximumDepth) levels at byte \(depth)"))
        }
        guard let json = try? JSONValue.parse(bytes) else { return .failure(WorkflowProblem("not valid JSON")) }
        guard var object = json.object else { return .failure(WorkflowProblem("expected a JSON object of nodes (ComfyUI's \"Save (API)\" export)")) }
        if let prompt = object["prompt"]?.object, object["prompt"]?["class_type"] == nil { object = prompt }
        if object["nodes"]?.array != nil, object["links"] != nil {
            return .failure(WorkflowProblem("this is ComfyUI's UI format; export the workflow with \"Save (API)\" instead"))
        }
        guard !object.isEmpty else { return .failure(WorkflowProblem("the workflow has no nodes")) }
        guard object.count <= maximumNodes else { return .failure(WorkflowProblem("\(object.count) nodes, over the limit of \(maximumNodes)")) }
        for id in object.keys.sorted() {
            let node = object[id]!
            guard node.object != nil else { return .failure(WorkflowProblem("node \(id) is not an object")) }
            guard let type = node["class_type"]?.string, !type.isEmpty else { return .failure(WorkflowProblem("node \(id) has no class_type")) }
            guard node["inputs"]?.object != nil else { return .failure(WorkflowProblem("node \(id) (\(type)) has no inputs object")) }
        }
        return .success(object)
    }

    /// Why a workflow file cannot be used.
    struct WorkflowProblem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
