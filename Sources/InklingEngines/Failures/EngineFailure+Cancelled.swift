extension EngineFailure {
    /// What a remote adapter throws once its task was cancelled (a client gone, a shutdown, a
    /// deadline, Ctrl-C) and it has dealt with the work it had started on the engine: `summary`
    /// says what became of it there, in a few words a person can check ("prompt 1a2b interrupted
    /// while running on http://gpu:8188", "prompt 1a2b removed from the queue", "the server cannot
    /// cancel: it finishes the abandoned image before the next request").
    ///
    /// The work on the engine must be stopped outside the cancelled task (a detached task with a
    /// short timeout), since requests made from a cancelled task are abandoned at once.
    public static func cancelled(service: String, summary: String) -> EngineFailure {
        EngineFailure(kind: .cancelled, message: "cancelled on \(service): \(summary)")
    }

    /// The summary of a ``cancelled(service:summary:)`` failure: what became of the engine's work.
    public var cancellationSummary: String? {
        guard kind == .cancelled else { return nil }
        return message
    }
}
