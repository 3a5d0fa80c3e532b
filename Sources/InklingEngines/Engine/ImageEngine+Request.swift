extension ImageEngine {
    /// The variations of `request` through ``generate(_:variation:)``, at most
    /// ``EngineRequest/concurrency`` at a time, each image an event as it is done. Engines
    /// that can share work between variations (one upload, one encoding) override it.
    public func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error> {
        EngineRequestRunner.stream(request, prepare: {}) { _, variation, _ in
            try await generate(request.conditioning, variation: variation)
        }
    }
}
