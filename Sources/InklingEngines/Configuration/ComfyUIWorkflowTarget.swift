/// One input of one node of a user's ComfyUI workflow, resolved from `"nodeID.input"` or
/// `"Node Title.input"` when the configuration is read.
public struct ComfyUIWorkflowTarget: Sendable, Hashable, CustomStringConvertible {
    /// The node's id in the workflow.
    public var node: String
    /// The input's name.
    public var input: String

    /// Creates a target.
    public init(node: String, input: String) {
        self.node = node
        self.input = input
    }

    /// `6.text`.
    public var description: String { "\(node).\(input)" }
}
