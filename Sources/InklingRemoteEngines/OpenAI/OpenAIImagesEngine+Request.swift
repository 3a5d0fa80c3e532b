import InklingEngines

extension OpenAIImagesEngine {
    /// The variations of `request`, the guidance map and starting picture encoded once for all
    /// of them; a failure that finds the server unreachable or unavailable makes the next
    /// availability() ask it again.
    public func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error> {
        EngineRequestRunner.stream(request, availability: connection.availability) {
            try await prepare(request.conditioning)
        } generateEncoded: { images, variation, _ in
            try await generate(request.conditioning, variation: variation, images: images)
        }
    }
}
