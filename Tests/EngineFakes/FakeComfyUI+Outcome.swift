extension FakeComfyUI {
    /// What became of an accepted prompt.
    public enum Outcome: Sendable, Hashable {
        /// Waiting in the queue.
        case pending
        /// Being executed.
        case running
        /// Finished with its outputs.
        case succeeded
        /// Failed with an execution error.
        case failed
        /// Stopped by `/interrupt` (see ``FakeComfyUI/interruptions``).
        case interrupted
        /// Removed from the queue by `POST /queue {"delete": …}` before it ran.
        case removed
    }
}
