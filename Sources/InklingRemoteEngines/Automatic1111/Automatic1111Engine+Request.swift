import InklingEngines

extension Automatic1111Engine {
    /// The variations of `request`, the sampling checked and the guidance map and source image
    /// encoded once for all of them; a failure that finds the server unreachable or unavailable
    /// makes the next availability() ask it again.
    public func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error> {
        EngineRequestRunner.stream(request, availability: connection.availability) {
            try await prepare(request.conditioning)
        } generateEncoded: { prepared, variation, _ in
            try await generate(request.conditioning, variation: variation, prepared: prepared)
        }
    }
}
