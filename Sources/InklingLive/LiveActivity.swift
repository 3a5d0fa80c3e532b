/// What a live session is doing, the `state` of a state message.
public enum LiveActivity: String, Sendable, Hashable, CaseIterable {
    /// Nothing runs and nothing will until the next change: the newest revision's generation
    /// failed (an error said why).
    case idle
    /// The newest revision has no frame yet and will get one: waiting for the grace period,
    /// for the stroke in progress to end, or for the generation running to end.
    case waiting
    /// A generation runs (``LiveStateReport/rendering`` says for which revision).
    case running
    /// The last frame answers the newest revision.
    case upToDate
}
