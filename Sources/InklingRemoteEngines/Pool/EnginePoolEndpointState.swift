/// What an ``EnginePool`` knows about one endpoint (``EnginePool/endpointStates()``).
public struct EnginePoolEndpointState: Sendable, Hashable {
    /// The endpoint's address.
    public var endpoint: String
    /// Variations sent to it and not finished.
    public var inFlight: Int
    /// Variations it returned an image for.
    public var served: Int
    /// Times it failed to answer (refused, unreachable, timed out, dropped).
    public var failures: Int
    /// Times it was asked (a queue probe or a variation), answering or not.
    public var attempts: Int
    /// Whether it is being skipped after a failure, until its back-off ends.
    public var skipped: Bool
}
