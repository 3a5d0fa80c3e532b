import InklingBase
import InklingConditioning

/// One request to an engine: the conditioning every variation shares and the variations wanted,
/// worked on together so that what they share (an upload, an encoded image) is done once.
public struct EngineRequest: Sendable {
    /// What every variation is painted from.
    public var conditioning: Conditioning
    /// The variations wanted (0-based), started in this order.
    public var variations: [Int]
    /// How many variations may run at once (at least 1).
    public var concurrency: Int
    /// Stops the work while the stream stays open to say what became of it.
    public var stop: EngineStop
    /// Work shared by the request's variations (uploads), also across the separate requests an
    /// engine pool makes of one member.
    public var memo: EngineRequestMemo

    /// A request; `concurrency` defaults to one variation per processor core.
    public init(_ conditioning: Conditioning, variations: [Int], concurrency: Int? = nil, stop: EngineStop = EngineStop(),
                memo: EngineRequestMemo = EngineRequestMemo()) {
        self.memo = memo
        self.conditioning = conditioning
        self.variations = variations
        self.concurrency = max(1, min(variations.count, concurrency ?? ActiveCores.count))
        self.stop = stop
    }
}
