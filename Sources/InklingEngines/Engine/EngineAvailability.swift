/// Whether an engine can generate now, with the reason when it cannot.
public enum EngineAvailability: Sendable, Hashable {
    /// Ready.
    case available
    /// Not possible here at all (for example a style or platform the engine lacks).
    case notSupported(reason: String)
    /// Possible in principle but not now (server unreachable, disabled in configuration).
    case unavailable(reason: String)
}
