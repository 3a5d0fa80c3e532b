import InklingEngines

/// One endpoint of an ``EnginePool``: the adapter talking to it and, for servers that report
/// their queue (ComfyUI's `GET /queue`), how to ask how busy it is.
public struct EnginePoolMember: Sendable {
    /// The adapter for this endpoint alone.
    public var engine: any ImageEngine
    /// Its address, for messages and `inkling doctor`.
    public var endpoint: String
    /// The prompts running and waiting on the server; `nil` when it cannot say (then the pool
    /// counts only its own requests in flight).
    public var queueLength: (@Sendable () async throws -> Int)?

    /// Creates a member.
    public init(engine: any ImageEngine, endpoint: String, queueLength: (@Sendable () async throws -> Int)? = nil) {
        self.engine = engine
        self.endpoint = endpoint
        self.queueLength = queueLength
    }
}
