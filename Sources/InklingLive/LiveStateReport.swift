/// A state message, `{"type": "state", "revision": N, "state": "running", "rendering": R,
/// "progress": 0.4, "answered": M}`: the newest revision, what the session is doing, and how
/// far along.
public struct LiveStateReport: Sendable, Hashable {
    /// The newest revision: the session after its N-th accepted change (0 right after start).
    public var revision: Int
    /// What the session is doing.
    public var state: LiveActivity
    /// The revision a generation runs for, while one runs.
    public var rendering: Int?
    /// How far the running generation is, 0…1, when its renderer says.
    public var progress: Double?
    /// The newest revision a frame has answered, once one has.
    public var answered: Int?

    /// A state report.
    public init(revision: Int, state: LiveActivity, rendering: Int? = nil, progress: Double? = nil, answered: Int? = nil) {
        self.revision = revision
        self.state = state
        self.rendering = rendering
        self.progress = progress
        self.answered = answered
    }
}
