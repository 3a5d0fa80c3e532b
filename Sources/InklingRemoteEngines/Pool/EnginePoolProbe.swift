/// What one endpoint of an ``EnginePool`` said when the pool asked how busy it is.
struct EnginePoolProbe: Sendable, Equatable {
    /// The answer itself.
    enum Answer: Sendable, Equatable {
        /// It reported this many prompts running and waiting (ComfyUI's `GET /queue`).
        case queue(Int)
        /// It cannot report its queue, or answered something unreadable: the pool counts only
        /// its own requests in flight there.
        case unknown
        /// It did not answer (refused, unreachable, timed out, dropped): skipped for the back-off.
        case unanswered
    }

    /// The endpoint's index in the pool.
    var index: Int
    /// What it said.
    var answer: Answer
}
