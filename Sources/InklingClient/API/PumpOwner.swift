/// Holds a stream's exchange and its reading state for an `AsyncThrowingStream(unfolding:)`:
/// when the stream is dropped unfinished, the exchange is cancelled rather than left paused.
final class PumpOwner: @unchecked Sendable {
    /// The exchange.
    let pump: ResponsePump
    /// Whether the head was checked, and whether the stream has given its last element
    /// (the unfolding closure runs one call at a time, so these need no lock).
    var checkedHead = false, finished = false

    init(_ pump: ResponsePump) { self.pump = pump }

    deinit { pump.cancel() }
}
