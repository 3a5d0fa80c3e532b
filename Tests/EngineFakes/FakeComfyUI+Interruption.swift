extension FakeComfyUI {
    /// How an `/interrupt` took effect on a running prompt: ComfyUI notices it only when the
    /// sampler starts its next step (or the next node starts), never at once.
    public struct Interruption: Sendable, Hashable {
        /// The prompt stopped.
        public var promptID: String
        /// The node it stopped at.
        public var node: String
        /// Sampler steps completed when the interrupt arrived (`nil` outside the sampler).
        public var stepsWhenAsked: Int?
        /// Sampler steps completed when it stopped.
        public var stepsWhenStopped: Int?
    }
}
