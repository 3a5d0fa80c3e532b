import InklingEngines

extension BuiltInEngine {
    /// The variations of `request` one at a time, in the order asked for, each painted on every
    /// core (the painters' whole-image loops run in ``Bands``): the first variation gets the
    /// cores first, so its image arrives as early as it can, and the cores stay busy until the
    /// last. Painting variations side by side instead would only share the same cores and
    /// deliver the first image late. One at a time is within any
    /// ``EngineRequest/concurrency``. Stopping and cancellation work as for any engine
    /// (``EngineRequestRunner``).
    public func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error> {
        var oneAtATime = request
        oneAtATime.concurrency = 1
        return EngineRequestRunner.stream(oneAtATime, prepare: {}) { _, variation, _ in
            try paint(request.conditioning, variation: variation)
        }
    }
}
