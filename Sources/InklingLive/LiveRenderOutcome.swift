/// How a generation of a live session ended, as its scheduler counts it.
enum LiveRenderOutcome: Sendable, Hashable {
    /// It made a frame, in `seconds`.
    case frame(seconds: Double)
    /// It failed; the revision is not tried again until the next change.
    case failed
    /// It was cancelled (a change with `cancelOnChange`, or the session closed).
    case cancelled
}
