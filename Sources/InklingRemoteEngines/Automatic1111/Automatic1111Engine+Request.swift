import InklingEngines

extension Automatic1111Engine {
    /// The variations of `request` through generate(_:variation:); a failure that finds the
    /// server unreachable or unavailable makes the next availability() ask it again.
    public func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error> {
        EngineRequestRunner.stream(request, availability: connection.availability, prepare: {}) { _, variation, _ in
            try await generate(request.conditioning, variation: variation)
        }
    }
}
