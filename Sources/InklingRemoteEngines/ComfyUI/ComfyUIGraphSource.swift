import InklingBase
import InklingConditioning
import InklingEngines

/// Where a ComfyUI engine's workflow comes from: the built-in graph (``ComfyUIWorkflow``) or the
/// user's exported one (``ComfyUIUserWorkflow``).
enum ComfyUIGraphSource: Sendable {
    case builtIn(ComfyUIWorkflow)
    case user(ComfyUIUserWorkflow)

    /// The node whose images are the result.
    var outputNode: String {
        switch self {
        case .builtIn: ComfyUIWorkflow.outputNode
        case .user(let workflow): workflow.file.output
        }
    }

    /// The workflow for variation `variation` of `conditioning`.
    func graph(_ conditioning: Conditioning, variation: Int) -> JSONValue {
        switch self {
        case .builtIn(let workflow): workflow.graph(conditioning, variation: variation)
        case .user(let workflow): workflow.graph(conditioning, variation: variation)
        }
    }

    /// The output node `entry` makes its images with.
    static func outputNode(of entry: EngineEntry) -> String { entry.workflow?.output ?? ComfyUIWorkflow.outputNode }
}
