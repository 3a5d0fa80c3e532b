/// What a live session's scheduler says to do next.
enum LiveDecision: Sendable, Hashable {
    /// Start a generation of this revision.
    case start(Int)
    /// Cancel the running generation of this revision (a newer one waits, and the session
    /// asked for `cancelOnChange`).
    case cancel(Int)
    /// Nothing now; ask again at this time (seconds on the session's clock), or when something
    /// happens (`nil`).
    case wait(until: Double?)
    /// Nothing to do until the next change.
    case idle
}
