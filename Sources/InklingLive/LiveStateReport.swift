/// A state message, `{"type": "state", "revision": N, "state": "running", "rendering": R,
/// "progress": 0.4, "answered": M, "dropped": D}`: the newest revision, what the session is
/// doing, how far along, and how many frames a slow reader missed.
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
    /// Frames made but never sent because the client read too slowly (its newer frame went
    /// instead), since the session started; `nil` while none was.
    public var dropped: Int?

    /// A state report.
    public init(revision: Int, state: LiveActivity, rendering: Int? = nil, progress: Double? = nil, answered: Int? = nil,
                dropped: Int? = nil) {
        self.revision = revision
        self.state = state
        self.rendering = rendering
        self.progress = progress
        self.answered = answered
        self.dropped = dropped
    }
}
