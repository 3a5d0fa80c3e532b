extension FakeComfyUI {
    /// What a client's work left on the server: files in each folder (`subfolder/name`, sorted),
    /// history entries, and prompts still queued or running.
    public struct Remains: Sendable, Hashable, CustomStringConvertible {
        /// Files in `ComfyUI/input`.
        public var input: [String]
        /// Files in `ComfyUI/output`.
        public var output: [String]
        /// Files in `ComfyUI/temp` (gone when ComfyUI restarts: ``FakeComfyUI/restart()``).
        public var temp: [String]
        /// Prompt ids with an entry in `/history`.
        public var history: [String]
        /// Prompt ids running or pending in `/queue`.
        public var queue: [String]

        /// Whether nothing is left that outlives a restart of ComfyUI (temp/ aside).
        public var isClean: Bool { input.isEmpty && output.isEmpty && history.isEmpty && queue.isEmpty }

        public var description: String {
            "input \(input), output \(output), temp \(temp), history \(history), queue \(queue)"
        }
    }
}
